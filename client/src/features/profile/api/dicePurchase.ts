import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DicePurchaseBody, DicePurchaseResult } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { profileKeys } from './keys';

export const postDicePurchase = (body: DicePurchaseBody) =>
  api.post<DicePurchaseResult>('/dice-rolls/purchase-request', body);

/** A pending purchase adds a history row; the rolls arrive when an admin approves it. */
export function useDicePurchase() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDicePurchase,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.transactions }),
  });
}
