import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositInfo } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { profileKeys } from './keys';

export const fetchDepositInfo = () => api.get<DepositInfo>('/credits/deposit-info');

export const depositInfoQuery = () =>
  queryOptions({ queryKey: profileKeys.depositInfo, queryFn: fetchDepositInfo, staleTime: 5 * 60_000 });

export const useDepositInfo = () => useQuery(depositInfoQuery());
