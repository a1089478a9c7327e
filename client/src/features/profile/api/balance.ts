import { queryOptions, useQuery } from '@tanstack/react-query';
import * as credits from '@gogo/shared/api/endpoints/credits';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

export const fetchBalance = () => call(credits.creditsBalance);

export const balanceQuery = () => queryOptions({ queryKey: profileKeys.balance, queryFn: fetchBalance });

export const useBalance = () => useQuery(balanceQuery());
