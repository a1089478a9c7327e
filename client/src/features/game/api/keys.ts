import * as daily from '@gogo/shared/api/endpoints/daily';
import * as fairness from '@gogo/shared/api/endpoints/fairness';
import * as game from '@gogo/shared/api/endpoints/game';
import * as stats from '@gogo/shared/api/endpoints/stats';
import { groupOf, queryKeys } from '../../../lib/api/keys';

/**
 * Keys of the game screen's reads, from the one factory (client/src/lib/api/keys.ts); mutations
 * invalidate exactly what they change. `screen`: the groups the screen reads, refreshed together when
 * the connection comes back.
 */
export const gameKeys = {
  screen: [game.gameState, game.diceBalance, daily.dailyDiceStatus, fairness.fairnessStatus, stats.leaderboard].map(
    (entry) => queryKeys.group(groupOf(entry)),
  ),
  state: () => queryKeys.of(game.gameState),
  diceBalance: () => queryKeys.of(game.diceBalance),
  dailyDice: () => queryKeys.of(daily.dailyDiceStatus),
  fairness: () => queryKeys.of(fairness.fairnessStatus),
  /** Without a limit: every list of recent rolls. */
  fairnessRolls: (limit?: number) => queryKeys.of(fairness.fairnessRolls, { query: limit ? { limit } : undefined }),
  /** Without a limit: every leaderboard read. */
  leaderboard: (limit?: number) => queryKeys.of(stats.leaderboard, { query: limit ? { limit } : undefined }),
};
