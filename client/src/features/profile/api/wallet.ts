import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as wallet from '@gogo/shared/api/endpoints/wallet';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

export const chainDepositsQuery = () =>
  queryOptions({ queryKey: profileKeys.chainDeposits, queryFn: () => call(wallet.chainDeposits) });

/** The player's on-chain deposits; the socket's `chain` pushes replace it as blocks come in. */
export const useChainDeposits = (enabled: boolean) => useQuery({ ...chainDepositsQuery(), enabled });

export const useLinkedWallet = () =>
  useQuery(queryOptions({ queryKey: profileKeys.wallet, queryFn: () => call(wallet.walletGet) }));

export const fetchWalletNonce = () => call(wallet.walletNonce);

export function useLinkWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { message: string; signature: string }) => call(wallet.walletLink, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.wallet }),
  });
}

export function useUnlinkWallet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(wallet.walletUnlink),
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.wallet }),
  });
}
