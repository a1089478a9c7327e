import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditsBalance } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { profileKeys } from './keys';

export const fetchBalance = () => api.get<CreditsBalance>('/credits/balance');

export const balanceQuery = () => queryOptions({ queryKey: profileKeys.balance, queryFn: fetchBalance });

export const useBalance = () => useQuery(balanceQuery());
