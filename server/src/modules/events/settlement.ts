import { lastPaidRank, nextRound, payouts } from '@gogo/shared/rules';
import type { Database } from '../../db/database.js';
import type { Tx } from '../../db/sql.js';
import type { Clock } from '../../lib/clock.js';
import { postLedgerBatch } from '../ledger/index.js';
import { publish } from '../../core/events.js';
import { scheduleNotification } from '../push/index.js';
import { eventsRepo as repo } from './repo.js';
import { prizesOf } from './service.js';

/**
 * A round is settled this long after its end: a roll that started before the end (and counts) has
 * committed by then, so the standings read at settlement include it.
 */
export const SETTLE_GRACE_MS = 1_000;
/** Rounds settled per sweep of one instance (the rest wait for the next sweep). */
const SWEEP_BATCH = 20;

export interface SettlementResult {
  eventId: number;
  winners: number;
  nextRoundId: number | null;
}

export interface SettlementDeps {
  database: Database;
  clock: Clock;
  /**
   * Called inside the settlement's transaction after the prizes are written and before it
   * commits. Tests throw here to play a crash in the middle of a settlement.
   */
  beforeCommit?: (tx: Tx, eventId: number) => Promise<void> | void;
}

/**
 * Pays an ended round once. The round's row is locked first (FOR UPDATE on PostgreSQL; SQLite runs
 * one writer at a time), and the status moves from 'scheduled' to 'settled' in the same transaction
 * as the prize rows and their ledger entries: a second instance that waited on the lock finds the
 * round settled and pays nothing; a crash rolls everything back and the next sweep settles it whole.
 * The unique (event, rank) and (event, player) prize keys are the last guard.
 */
export async function settleEvent(deps: SettlementDeps, eventId: number): Promise<SettlementResult | null> {
  return deps.database.write(async (tx) => {
    const now = deps.clock();
    const row = await repo.lockEvent(tx, eventId);
    if (!row || row.status !== 'scheduled' || row.endsAt + SETTLE_GRACE_MS > now) return null;
    const prizes = prizesOf(row);
    const winners = payouts(await repo.topScored(tx, eventId, lastPaidRank(prizes)), prizes);
    // Prize rows and their ledger entries in a few statements, whatever the number of winners (a
    // winner scored by rolling, so they have a game state to credit).
    await repo.insertPrizes(tx, eventId, winners, now);
    const credits = winners.map((w) => ({
      userId: w.userId,
      gogo: w.gogo,
      dice: w.dice,
      reason: `event_prize:${eventId}:${w.rank}`,
    }));
    await postLedgerBatch(tx, credits, 'prize', now, { refType: 'event', refId: eventId });
    for (const win of winners) {
      publish(tx, { type: 'eventPrize', userId: win.userId, eventId });
      publish(tx, { type: 'state', userId: win.userId });
      const prize = { eventId, name: row.name, rank: win.rank, gogo: win.gogo, dice: win.dice };
      await scheduleNotification(tx, win.userId, 'event_prize', now, prize, `event_prize:${eventId}`);
    }
    if ((await repo.markSettled(tx, eventId, now)) !== 1) throw new Error(`event ${eventId} changed under its lock`);
    let nextRoundId: number | null = null;
    if (row.repeat !== null) {
      const window = nextRound(row.startsAt, row.endsAt, row.repeat);
      nextRoundId = await repo.insertEvent(tx, {
        seriesId: row.seriesId ?? row.id,
        round: row.round + 1,
        name: row.name,
        metric: row.metric,
        ...window,
        repeat: row.repeat,
        maxEntrants: row.maxEntrants,
        prizes: row.prizes,
        createdBy: null,
        now,
      });
    }
    await deps.beforeCommit?.(tx, eventId);
    return { eventId, winners: winners.length, nextRoundId };
  });
}

/** Settles every round that is due (ended more than SETTLE_GRACE_MS ago). */
export async function settleDue(deps: SettlementDeps): Promise<SettlementResult[]> {
  const due = await repo.due(deps.database.read, deps.clock() - SETTLE_GRACE_MS, SWEEP_BATCH);
  const done: SettlementResult[] = [];
  for (const id of due) {
    const result = await settleEvent(deps, id);
    if (result) done.push(result);
  }
  return done;
}
