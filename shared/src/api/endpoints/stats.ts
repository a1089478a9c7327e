import { endpoint } from '../endpoint.js';
import {
  LeaderboardQuery,
  LeaderboardResponse,
  PlayerAchievementsResponse,
  PlayerStatsResponse,
  StatsUpdateResponse,
  UserIdParams,
} from '../stats.js';

// Player statistics, achievements and leaderboards.

export const playerStats = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/player-stats/user/:id',
  auth: 'player',
  tags: ['player-stats'],
  summary: "A player's stats (another player's: public figures only)",
  description: 'Reading oneself adds `private` (email, balance, dice, XP, streaks); never for another player.',
  params: UserIdParams,
  response: PlayerStatsResponse,
});

export const updatePlayerStats = /*#__PURE__*/ endpoint({
  method: 'POST',
  path: '/api/player-stats/update',
  auth: 'player',
  tags: ['player-stats'],
  summary: "Recompute the player's stats from stored data (accepts no values)",
  description: 'Any body is ignored: stats are derived from the stored game state, rolls and ledger.',
  response: StatsUpdateResponse,
});

export const leaderboard = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/player-stats/leaderboard',
  auth: 'player',
  tags: ['player-stats'],
  summary: 'The global leaderboard (by leaderboard score)',
  description:
    'period=all ranks current progress by the leaderboard score. day, week (ISO, from Monday) and month are the ' +
    'current UTC periods, ranked by the same formula over the activity of the period (GOGO earned by rolls, ' +
    'achievements and login bonuses, jackpots, achievement unlocks, rolls; level is not scored). Only ' +
    'players with a roll (in the period) are ranked. limit: default 10, at most 100.',
  query: LeaderboardQuery,
  response: LeaderboardResponse,
});

export const playerAchievements = /*#__PURE__*/ endpoint({
  method: 'GET',
  path: '/api/player-stats/achievements/:id',
  auth: 'player',
  tags: ['player-stats'],
  summary: "All eight achievements with the player's unlocks",
  params: UserIdParams,
  response: PlayerAchievementsResponse,
});
