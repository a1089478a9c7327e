import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DicePurchaseBody } from '@gogo/shared/api';
import * as credits from '@gogo/shared/api/endpoints/credits';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

export const postDicePurchase = (body: DicePurchaseBody) => call(credits.dicePurchaseRequest, { body });

/** A pending purchase adds a history row; the rolls arrive when an admin approves it. */
export function useDicePurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDicePurchase,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.transactions }),
  });
}
