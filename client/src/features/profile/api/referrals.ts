import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralAccept, ReferralFriend, ReferralStats, ReferralStatus } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { profileKeys } from './keys';

export const fetchReferralCode = () => api.get<{ referralCode: string }>('/referrals/my-code');
export const referralCodeQuery = () =>
  queryOptions({ queryKey: profileKeys.referralCode, queryFn: fetchReferralCode, staleTime: Infinity });
export const useReferralCode = () => useQuery(referralCodeQuery());

export const fetchReferralStatus = () => api.get<ReferralStatus>('/referrals/status');
export const referralStatusQuery = () =>
  queryOptions({ queryKey: profileKeys.referralStatus, queryFn: fetchReferralStatus });
export const useReferralStatus = () => useQuery(referralStatusQuery());

export const fetchReferralStats = () => api.get<ReferralStats>('/referrals/stats');
export const referralStatsQuery = () =>
  queryOptions({ queryKey: profileKeys.referralStats, queryFn: fetchReferralStats });
export const useReferralStats = () => useQuery(referralStatsQuery());

export const fetchReferralFriends = () => api.get<{ friends: ReferralFriend[] }>('/referrals/friends');
export const referralFriendsQuery = () =>
  queryOptions({ queryKey: profileKeys.referralFriends, queryFn: fetchReferralFriends });
export const useReferralFriends = () => useQuery(referralFriendsQuery());

export const postReferralAccept = (code: string) => api.post<ReferralAccept>('/referrals/accept', { code });

/** Applying a code changes only the player's own referral status. */
export function useApplyReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postReferralAccept,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.referralStatus }),
  });
}
