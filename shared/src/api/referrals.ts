import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

export const ReferralErrorCode = {
  INVALID_REFERRAL_CODE: 'INVALID_REFERRAL_CODE',
  REFERRAL_CODE_NOT_FOUND: 'REFERRAL_CODE_NOT_FOUND',
  REFERRAL_OWN_CODE: 'REFERRAL_OWN_CODE',
  REFERRAL_ALREADY_APPLIED: 'REFERRAL_ALREADY_APPLIED',
  REFERRAL_LOOP: 'REFERRAL_LOOP',
} as const;

export const ReferralCode = Type.Object({ referralCode: Type.String() });
export const ReferralCodeResponse = Ok(ReferralCode);

export const ReferralAcceptBody = Type.Object({ code: Type.String({ maxLength: 100 }) });
export type ReferralAcceptBody = Static<typeof ReferralAcceptBody>;
export const ReferralAccept = Type.Object({ referredBy: Type.String({ description: "the referrer's username" }) });
export type ReferralAccept = Static<typeof ReferralAccept>;
export const ReferralAcceptResponse = Ok(ReferralAccept);

export const ReferralStats = Type.Object({
  referredCount: Type.Integer(),
  rewardedCount: Type.Integer({ description: 'friends who reached the required rolls (each paid once)' }),
  totalRewards: Type.Integer({ description: 'GOGO earned from referrals' }),
  rollsRequired: Type.Integer(),
  rewardPerFriend: Type.Integer(),
});
export type ReferralStats = Static<typeof ReferralStats>;
export const ReferralStatsResponse = Ok(ReferralStats);

export const ReferralFriend = Type.Object({
  username: Type.String(),
  createdAt: Type.String({ format: 'date-time', description: 'when the friend applied the code' }),
  totalRolls: Type.Integer(),
  rewardPaid: Type.Boolean(),
});
export type ReferralFriend = Static<typeof ReferralFriend>;
export const ReferralFriends = Type.Object({ friends: Type.Array(ReferralFriend) });
export const ReferralFriendsResponse = Ok(ReferralFriends);

export const ReferralStatus = Type.Object({
  hasApplied: Type.Boolean(),
  referrerUsername: Type.Union([Type.String(), Type.Null()]),
  referredBy: Type.Union([Type.String(), Type.Null()]),
});
export type ReferralStatus = Static<typeof ReferralStatus>;
export const ReferralStatusResponse = Ok(ReferralStatus);
