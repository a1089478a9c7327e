import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as referrals from '@gogo/shared/api/endpoints/referrals';
import { call } from '../../../lib/api/call';
import { profileKeys } from './keys';

export const fetchReferralCode = () => call(referrals.myReferralCode);
export const referralCodeQuery = () =>
  queryOptions({ queryKey: profileKeys.referralCode, queryFn: fetchReferralCode, staleTime: Infinity });
export const useReferralCode = () => useQuery(referralCodeQuery());

export const fetchReferralStatus = () => call(referrals.referralStatus);
export const referralStatusQuery = () =>
  queryOptions({ queryKey: profileKeys.referralStatus, queryFn: fetchReferralStatus });
export const useReferralStatus = () => useQuery(referralStatusQuery());

export const fetchReferralStats = () => call(referrals.referralStats);
export const referralStatsQuery = () =>
  queryOptions({ queryKey: profileKeys.referralStats, queryFn: fetchReferralStats });
export const useReferralStats = () => useQuery(referralStatsQuery());

export const fetchReferralFriends = () => call(referrals.referredFriends);
export const referralFriendsQuery = () =>
  queryOptions({ queryKey: profileKeys.referralFriends, queryFn: fetchReferralFriends });
export const useReferralFriends = () => useQuery(referralFriendsQuery());

export const postReferralAccept = (code: string) => call(referrals.acceptReferral, { body: { code } });

/** Applying a code changes only the player's own referral status. */
export function useApplyReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postReferralAccept,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.referralStatus }),
  });
}
