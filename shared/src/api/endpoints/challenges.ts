import { endpoint } from '../endpoint.js';
import { ChallengeIdParams, ChallengesResponse, ClaimChallengeResponse, FriendsRaceResponse } from '../challenges.js';

// Daily challenges and the weekly friends race.

export const listChallenges = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/challenges',
  auth: 'player',
  tags: ['challenges'],
  summary: "Today's three challenges (UTC) with progress counted from the day's rolls, and the streak",
  response: ChallengesResponse,
});

export const claimChallenge = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/challenges/:id/claim',
  auth: 'player',
  tags: ['challenges'],
  summary: 'Claim a completed challenge once (409 ALREADY_CLAIMED, 409 NOT_COMPLETED)',
  params: ChallengeIdParams,
  response: ClaimChallengeResponse,
});

export const friendsRace = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/friends-race',
  auth: 'player',
  tags: ['challenges', 'friends'],
  summary: 'This week (Monday to Monday UTC): the player and their friends by GOGO won',
  response: FriendsRaceResponse,
});
