import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositRequestBody, DepositRequestResult } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { profileKeys } from './keys';

export const postDepositRequest = (body: DepositRequestBody) =>
  api.post<DepositRequestResult>('/credits/deposit-request', body);

/** A pending deposit adds a history row and changes no balance until an admin approves it. */
export function useDepositRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDepositRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.transactions }),
  });
}
