import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalRequestBody } from '@gogo/shared/api';
import * as credits from '@gogo/shared/api/endpoints/credits';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

export const postWithdrawalRequest = (body: WithdrawalRequestBody) => call(credits.withdrawalRequest, { body });

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
