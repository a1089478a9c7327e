import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositRequestBody } from '@gogo/shared/api';
import * as credits from '@gogo/shared/api/endpoints/credits';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

export const postDepositRequest = (body: DepositRequestBody) => call(credits.depositRequest, { body });

/** A pending deposit adds a history row and changes no balance until an admin approves it. */
export function useDepositRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDepositRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.transactions }),
  });
}
