import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { read, sql, write, type Read } from '../src/db/sql.js';
import type { AfterRollStep } from '../src/modules/game/index.js';
import { lockGameState, postLedgerTx } from '../src/modules/ledger/postings.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { expectLedgerConsistent, get, rollOnce } from './engine-helpers.js';

const storedRolls = sql<{ userId: number }, { n: number }>('SELECT count(*) AS n FROM rolls WHERE user_id = :userId');
const markStep = sql<{ key: string; rollId: number; now: number }>(
  'INSERT INTO throttle_counters (key, count, reset_at) VALUES (:key, :rollId, :now)',
);
const stepMarks = sql<{ prefix: string }, { key: string; count: number }>(
  "SELECT key, count FROM throttle_counters WHERE key LIKE :prefix || '%' ORDER BY count",
);

describe('after-roll steps', () => {
  // The app's own steps run first; this one is added by the test (BuildAppOptions.afterRoll).
  const calls: [number, number, number, number][] = [];
  /** What the step's read saw (the player's rolls stored before this one), per lifetime roll. */
  const seenBefore: [number, number][] = [];
  let active = true;
  const step: AfterRollStep<readonly [Read<number>]> = {
    // Read with the roll's own reads, after its lock and before its writes.
    reads: (userId) => [read(storedRolls, { userId }, (rows) => rows[0]?.n ?? 0)] as const,
    // Written with the roll's own writes; a roll that fails later takes it back with it.
    writes: ({ userId, rollId, now }) =>
      active ? [write(markStep, { key: `step:${userId}:${rollId}`, rollId, now })] : [],
    async run({ tx, userId, totalRolls, rollId, outcome, now }, [before]) {
      if (!active) return;
      calls.push([userId, totalRolls, now, outcome.die]);
      seenBefore.push([totalRolls, before]);
      expect(rollId).toBeGreaterThan(0);
      if (totalRolls === 3) throw new Error('step failure');
      // A step may post to the ledger in the same transaction (the roll holds the player's lock).
      if (totalRolls === 2) {
        await lockGameState(tx, userId, now);
        await postLedgerTx(tx, userId, [{ asset: 'GOGO', amount: 7, type: 'reward', reason: 'hook' }], now);
      }
    },
  };
  let steps: TestContext;
  beforeAll(async () => {
    steps = await createTestApp({}, { afterRoll: [step] });
  });
  afterAll(async () => {
    await expectLedgerConsistent(steps);
    await steps.close();
  });
  const stateOf = async (token: string) => json(await get(steps, '/api/game-state/state', token)).data;

  it('runs every step inside the roll transaction with the lifetime roll number and the outcome', async () => {
    const p = await registerPlayer(steps.app);
    const first = await rollOnce(steps, p.token);
    const second = await rollOnce(steps, p.token);
    expect(calls.map(([user, total]) => [user, total])).toEqual([
      [p.user.id, 1],
      [p.user.id, 2],
    ]);
    expect(calls.map(([, , , die]) => die)).toEqual([json(first).data.die, json(second).data.die]);
    expect(calls[1]![2]).toBe(steps.clock());
    const afterSecond = await stateOf(p.token);
    expect(afterSecond.balance).toBe(json(second).data.state.balance + 7);
    // A failing step rolls the whole roll back: nothing spent, nothing recorded.
    const third = await rollOnce(steps, p.token);
    expect(third.statusCode).toBe(500);
    expect(await stateOf(p.token)).toMatchObject({ diceRollsRemaining: afterSecond.diceRollsRemaining, totalRolls: 2 });
    expect(seenBefore).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
    // The step's writes of the two served rolls are stored under their roll ids; the failed roll's is not.
    const marks = await steps.database.read.all(stepMarks, { prefix: `step:${p.user.id}:` });
    expect(marks.map((m) => m.count)).toEqual([json(first).data.rollId, json(second).data.rollId]);
    // The lifetime count keeps counting across a progress reset.
    active = false;
    await steps.app.inject({ method: 'DELETE', url: '/api/game-state/state', headers: bearer(p.token) });
    active = true;
    calls.length = 0;
    await rollOnce(steps, p.token); // lifetime roll 3 again fails: the step sees 3, not 1
    expect(calls.map(([, total]) => total)).toEqual([3]);
  });
});
