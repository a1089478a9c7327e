import { endpoint } from '../endpoint.js';
import {
  ReferralAcceptBody,
  ReferralAcceptResponse,
  ReferralCodeResponse,
  ReferralFriendsResponse,
  ReferralStatsResponse,
  ReferralStatusResponse,
} from '../referrals.js';

// Referral codes and the friends they brought.

export const myReferralCode = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/referrals/my-code',
  auth: 'player',
  tags: ['referrals'],
  summary: "The player's own referral code (issued on first request)",
  response: ReferralCodeResponse,
});

export const acceptReferral = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/referrals/accept',
  auth: 'player',
  tags: ['referrals'],
  summary: "Apply a friend's referral code (once; never one's own; never in a loop)",
  body: ReferralAcceptBody,
  response: ReferralAcceptResponse,
});

export const referralStats = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/referrals/stats',
  auth: 'player',
  tags: ['referrals'],
  summary: 'How many friends the player referred and what it earned',
  response: ReferralStatsResponse,
});

export const referredFriends = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/referrals/friends',
  auth: 'player',
  tags: ['referrals'],
  summary: 'Friends who applied the player’s code, newest first',
  response: ReferralFriendsResponse,
});

export const referralStatus = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/referrals/status',
  auth: 'player',
  tags: ['referrals'],
  summary: 'Whether the player applied a code, and whose',
  response: ReferralStatusResponse,
});
