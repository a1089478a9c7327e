import { Type, type Static } from 'typebox';
import { Ok } from './envelope.js';

// Its own module: the landing page imports it (with the site config) and nothing else of the contract.

/** Public, aggregated figures for the landing page (no auth): real numbers, never invented. */
export const PublicStats = Type.Object({
  totalPlayers: Type.Integer(),
  playersOnline: Type.Integer({ description: 'players active in the last 5 minutes' }),
  gogoDistributed: Type.Integer({ description: 'sum of all GOGO credited by the game' }),
  rollsToday: Type.Integer(),
  topPlayers: Type.Array(
    Type.Object({
      rank: Type.Integer(),
      username: Type.String(),
      score: Type.Integer(),
      level: Type.Integer(),
      totalTokensEarned: Type.Integer(),
    }),
  ),
});
export type PublicStats = Static<typeof PublicStats>;
export const PublicStatsResponse = Ok(PublicStats);
