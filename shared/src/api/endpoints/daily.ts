import { endpoint } from '../endpoint.js';
import { DailyDiceClaimResponse, DailyDiceStatusResponse, DailyLoginResponse } from '../game.js';

// Daily rewards: the daily dice and the daily login bonus.

export const dailyDiceStatus = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/daily-dice-roll/can-claim',
  auth: 'player',
  tags: ['daily'],
  summary: 'Whether the free daily dice can be claimed today (UTC), with the streak',
  response: DailyDiceStatusResponse,
});

export const claimDailyDice = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/daily-dice-roll/claim',
  auth: 'player',
  tags: ['daily'],
  summary: 'Claim the free daily dice (once per UTC day; again: 409 ALREADY_CLAIMED)',
  response: DailyDiceClaimResponse,
});

export const dailyLogin = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/daily-login',
  auth: 'player',
  tags: ['daily'],
  summary: 'Record the daily login; the first call of a UTC day credits the streak bonus',
  response: DailyLoginResponse,
});
