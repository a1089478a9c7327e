import type {
  Activity,
  ActivityItem,
  Analytics,
  AnalyticsBucket,
  AnalyticsPeriod,
  GameHistory,
} from '@gogo/shared/api';
import { achievementById, TILES, tileOnBoard } from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Access } from '../access/index.js';
import type { Clock } from '../../lib/clock.js';
import { historyRepo } from './history-repo.js';
import { rollsServed } from '../fairness/index.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};

/** What a player did: the activity feed, the game history and (for the player only) analytics. */
export function createHistoryService(deps: { database: Database; access: Access; clock: Clock }) {
  const { access } = deps;
  // Histories tolerate the replica's lag (Database.replica): docs/scaling.md.
  const read = deps.database.replica;

  async function activity(viewerId: number, userId: number, limit = 20, before?: number): Promise<Activity> {
    const { rel } = await access.readable(viewerId, userId);
    const rows = await historyRepo.activity(read, userId, rel.isSelf, before ?? Number.MAX_SAFE_INTEGER, limit + 1);
    const page = rows.slice(0, limit);
    const items = page.map((row): ActivityItem => {
      switch (row.type) {
        case 'achievement': {
          const a = achievementById(row.ref ?? '');
          return {
            type: row.type,
            at: iso(row.at),
            title: `Achievement unlocked: ${a?.name ?? row.ref}`,
            detail: a?.description ?? '',
            amount: row.amount,
          };
        }
        case 'jackpot': {
          const tile = TILES[Number(row.ref)];
          return {
            type: row.type,
            at: iso(row.at),
            title: 'Jackpot!',
            detail: `Landed on ${tile?.name ?? 'a jackpot tile'}`,
            amount: row.amount,
          };
        }
        case 'lap':
          return { type: row.type, at: iso(row.at), title: 'Lap completed', detail: 'Passed Start', amount: null };
        case 'level_up':
          return {
            type: row.type,
            at: iso(row.at),
            title: `Reached level ${row.amount ?? ''}`.trim(),
            detail: 'Level up',
            amount: row.amount,
          };
        case 'daily_login':
          return {
            type: row.type,
            at: iso(row.at),
            title: 'Daily login bonus',
            detail: `Day ${row.extra ?? 1} of the streak`,
            amount: row.amount,
          };
        case 'daily_dice':
          return {
            type: row.type,
            at: iso(row.at),
            title: 'Free daily dice claimed',
            detail: `Day ${row.extra ?? 1} of the streak`,
            amount: row.amount,
          };
        case 'friend':
          return {
            type: row.type,
            at: iso(row.at),
            title: 'New friend',
            detail: `You and ${row.ref ?? 'a player'} are now friends`,
            amount: null,
          };
      }
    });
    return {
      userId,
      items,
      nextBefore: rows.length > limit && page.length > 0 ? page[page.length - 1]!.at : null,
    };
  }

  async function gameHistory(viewerId: number, userId: number, limit = 20, beforeSeq?: number): Promise<GameHistory> {
    await access.readable(viewerId, userId);
    const [rows, totalRolls] = await Promise.all([
      historyRepo.historyRolls(read, userId, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit + 1),
      rollsServed(read, userId),
    ]);
    const page = rows.slice(0, limit);
    return {
      userId,
      totalRolls,
      rolls: page.map((r) => {
        const tile = TILES[r.tileId] ? tileOnBoard(r.tileId, r.boardNumber) : undefined;
        return {
          rollId: r.rollId,
          seq: r.seq,
          createdAt: iso(r.createdAt),
          die: r.die,
          from: r.from,
          to: r.to,
          tileId: r.tileId,
          tileName: tile?.name ?? `Tile ${r.tileId}`,
          tileType: tile?.type ?? 'UNKNOWN',
          reward: r.reward,
          achievementReward: r.achievementReward,
          isJackpot: r.isJackpot === 1,
          lapCompleted: r.to === 0,
        };
      }),
      nextBeforeSeq: rows.length > limit && page.length > 0 ? page[page.length - 1]!.seq : null,
    };
  }

  const analytics = analyticsOf(deps);

  return { activity, gameHistory, analytics };
}

/** The player's own analytics over a period: rolls, rewards, tiles, levels. */
function analyticsOf(deps: { database: Database; access: Access; clock: Clock }) {
  const { access, clock } = deps;
  const read = deps.database.replica;

  return async function analytics(
    viewerId: number,
    userId: number,
    period: AnalyticsPeriod = 'week',
  ): Promise<Analytics> {
    const { user } = await access.ownData(viewerId, userId);
    const now = clock();
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const dayStart = Math.floor(now / DAY) * DAY;
    // Buckets: the hours of the last 24 h, the days of the last 7 or 30, or the months since joining.
    let starts: number[];
    if (period === 'day') starts = Array.from({ length: 24 }, (_, i) => hourStart - (23 - i) * HOUR);
    else if (period === 'week') starts = Array.from({ length: 7 }, (_, i) => dayStart - (6 - i) * DAY);
    else if (period === 'month') starts = Array.from({ length: 30 }, (_, i) => dayStart - (29 - i) * DAY);
    else {
      const first = new Date(Math.min(user.createdAt, now));
      starts = [];
      let y = first.getUTCFullYear();
      let m = first.getUTCMonth();
      for (;;) {
        const start = Date.UTC(y, m, 1);
        if (start > now) break;
        starts.push(start);
        m += 1;
        if (m === 12) {
          m = 0;
          y += 1;
        }
      }
    }
    const since = starts[0]!;
    const until = now;
    const series: AnalyticsBucket[] = starts.map((s) => ({ start: iso(s), rolls: 0, gogoIn: 0, gogoOut: 0 }));
    const index = new Map(starts.map((s, i) => [s, i]));
    // Months have no fixed length: 'all' reads days and folds each into its calendar month.
    const bucketMs = period === 'day' ? HOUR : DAY;
    const [seriesRows, rollRows, ledgerRows, unlocked] = await Promise.all([
      historyRepo.series(read, userId, since, until, bucketMs),
      historyRepo.rollsInPeriod(read, userId, since, until),
      historyRepo.ledgerInPeriod(read, userId, since, until),
      historyRepo.unlocksInPeriod(read, userId, since, until),
    ]);
    for (const row of seriesRows) {
      const start = period === 'all' ? monthStart(row.start) : row.start;
      const bucket = series[index.get(start) ?? -1];
      if (!bucket) continue;
      bucket.rolls += row.rolls;
      bucket.gogoIn += row.gogoIn;
      bucket.gogoOut += row.gogoOut;
    }

    const byDie = [0, 0, 0, 0, 0, 0];
    const byTileType = { START: 0, PROPERTY: 0, CHANCE: 0, PENALTY: 0, JACKPOT: 0 };
    let count = 0;
    let jackpots = 0;
    let laps = 0;
    let best: number | null = null;
    let worst: number | null = null;
    for (const r of rollRows) {
      count += r.n;
      if (r.die >= 1 && r.die <= 6) byDie[r.die - 1]! += r.n;
      const type = TILES[r.tileId]?.type;
      if (type) byTileType[type] += r.n;
      jackpots += r.jackpots;
      laps += r.laps;
      best = best === null ? r.best : Math.max(best, r.best);
      worst = worst === null ? r.worst : Math.min(worst, r.worst);
    }
    let credited = 0;
    let debited = 0;
    const byType: Record<string, number> = {};
    const dice = { gained: 0, used: 0 };
    for (const l of ledgerRows) {
      if (l.asset === 'GOGO') {
        credited += l.credited;
        debited += l.debited;
        byType[l.type] = (byType[l.type] ?? 0) + l.credited - l.debited;
      } else {
        dice.gained += l.credited;
        dice.used += l.debited;
      }
    }
    return {
      userId,
      period,
      since: iso(since),
      until: iso(until),
      rolls: { count, byDie, byTileType, jackpots, laps, bestReward: best, worstReward: worst },
      gogo: { credited, debited, net: credited - debited, byType },
      dice,
      achievementsUnlocked: unlocked,
      series,
    };
  };
}
