import { queryOptions, useQuery } from '@tanstack/react-query';
import * as credits from '@gogo/shared/api/endpoints/credits';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

export const fetchDepositInfo = () => call(credits.depositInfo);

export const depositInfoQuery = () =>
  queryOptions({ queryKey: profileKeys.depositInfo, queryFn: fetchDepositInfo, staleTime: 5 * 60_000 });

export const useDepositInfo = () => useQuery(depositInfoQuery());
