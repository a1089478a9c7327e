import { TILES } from '@gogo/shared/rules';
import { sql, type Queryable } from '../../db/sql.js';

/**
 * The facts of the rolls other modules read (challenges, the friends race, the public figures): the
 * game owns the rolls table, so their SQL lives here and the others call these functions.
 */

// Tile ids by type, from the board's constants (never from input): the day's landings count them.
const idsOf = (type: string) =>
  TILES.filter((t) => t.type === type)
    .map((t) => t.id)
    .join(', ') || '-1';
const START_ID = TILES.find((t) => t.type === 'START')?.id ?? 0;

const dayCounts = sql<
  { userId: number; from: number; to: number },
  { rolls: number; gogo: number; laps: number; properties: number; chances: number; sixes: number }
>(
  `SELECT count(*) AS rolls,
          coalesce(sum(CASE WHEN applied_reward > 0 THEN applied_reward ELSE 0 END), 0) AS gogo,
          coalesce(sum(CASE WHEN to_position = ${START_ID} THEN 1 ELSE 0 END), 0) AS laps,
          coalesce(sum(CASE WHEN tile_id IN (${idsOf('PROPERTY')}) THEN 1 ELSE 0 END), 0) AS properties,
          coalesce(sum(CASE WHEN tile_id IN (${idsOf('CHANCE')}) THEN 1 ELSE 0 END), 0) AS chances,
          coalesce(sum(CASE WHEN die = 6 THEN 1 ELSE 0 END), 0) AS sixes
     FROM rolls WHERE user_id = :userId AND created_at >= :from AND created_at < :to`,
);
// rolls_user_created serves it.
const playerRollsBetween = sql<{ userId: number; from: number; to: number }, { n: number }>(
  'SELECT count(*) AS n FROM rolls WHERE user_id = :userId AND created_at >= :from AND created_at < :to',
);
// Through rolls_created.
const allRollsSince = sql<{ since: number }, { n: number }>(
  'SELECT count(*) AS n FROM rolls WHERE created_at >= :since',
);

/** What happened in a player's rolls between `from` (inclusive) and `to`. */
export interface RollCounts {
  rolls: number;
  gogo: number;
  laps: number;
  properties: number;
  chances: number;
  sixes: number;
}

export const rollFacts = {
  /** Counts of the player's rolls in [from, to): GOGO won, laps, landings by tile type, sixes. */
  async countsBetween(q: Queryable, userId: number, from: number, to: number): Promise<RollCounts> {
    const row = await q.get(dayCounts, { userId, from, to });
    return {
      rolls: Number(row?.rolls ?? 0),
      gogo: Number(row?.gogo ?? 0),
      laps: Number(row?.laps ?? 0),
      properties: Number(row?.properties ?? 0),
      chances: Number(row?.chances ?? 0),
      sixes: Number(row?.sixes ?? 0),
    };
  },
  /** How many times the player rolled in [from, to). */
  async rollsBetween(q: Queryable, userId: number, from: number, to: number): Promise<number> {
    return Number((await q.get(playerRollsBetween, { userId, from, to }))?.n ?? 0);
  },
  /** Rolls of every player since `since`. */
  async rollsSince(q: Queryable, since: number): Promise<number> {
    return Number((await q.get(allRollsSince, { since }))?.n ?? 0);
  },
};
