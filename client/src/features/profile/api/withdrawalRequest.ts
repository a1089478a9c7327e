import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalRequestBody, WithdrawalRequestResult } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { profileKeys } from './keys';

export const postWithdrawalRequest = (body: WithdrawalRequestBody) =>
  api.post<WithdrawalRequestResult>('/credits/withdrawal-request', body);

/** The amount is held at once: the balance and the history both change. */
export function useWithdrawalRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postWithdrawalRequest,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: profileKeys.balance }),
        client.invalidateQueries({ queryKey: profileKeys.transactions }),
      ]),
  });
}
