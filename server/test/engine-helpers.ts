import { afterAll, beforeAll, expect } from 'vitest';
import { sql, type Tx } from '../src/db/sql.js';
import type { AfterRoll, AfterRollStep } from '../src/modules/game/index.js';
import { ledgerSumsOf, lockGameState, postLedgerTx } from '../src/modules/ledger/postings.js';
import { bearer, createTestApp, type TestContext } from './helpers.js';

const allBalances = sql<Record<string, never>, { userId: number; balance: number; dice: number }>(
  'SELECT user_id AS "userId", balance, dice_rolls_remaining AS dice FROM game_states ORDER BY user_id',
);

/** Credits dice rolls through the ledger, as an approved purchase would. */
export async function grantDice(ctx: TestContext, userId: number, amount: number) {
  await ctx.database.write(async (tx) => {
    const state = await lockGameState(tx, userId, ctx.clock());
    await postLedgerTx(
      tx,
      userId,
      [{ asset: 'DICE', amount, type: 'purchase', reason: 'test_grant' }],
      ctx.clock(),
      {},
      state,
    );
  });
}

/** One roll after the cooldown has passed. */
export async function rollOnce(ctx: TestContext, token: string, payload: Record<string, unknown> = {}) {
  ctx.clock.advance(1000);
  return ctx.app.inject({ method: 'POST', url: '/api/game/roll', headers: bearer(token), payload });
}

export async function get(ctx: TestContext, url: string, token?: string) {
  return ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

/** Every player's cached balance and dice equal the sums of their ledger rows, and none is negative. */
export async function expectLedgerConsistent(ctx: TestContext) {
  const rows = await ctx.database.read.all(allBalances, {});
  for (const row of rows) {
    const sums = await ledgerSumsOf(ctx.database.read, row.userId);
    expect({ user: row.userId, GOGO: row.balance, DICE: row.dice }).toEqual({ user: row.userId, ...sums });
    expect(row.balance).toBeGreaterThanOrEqual(0);
    expect(row.dice).toBeGreaterThanOrEqual(0);
  }
  return rows.length;
}

/**
 * One app for the whole file, built before its tests and handed to `use`; after them every cached
 * balance must equal its ledger sums (expectLedgerConsistent), then the app closes.
 */
export function appForFile(use: (ctx: TestContext) => void): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp();
    use(ctx);
  });
  afterAll(async () => {
    if (!ctx) return;
    await expectLedgerConsistent(ctx);
    await ctx.close();
  });
}

/** One after-roll step as the roll runs it, in `roll.tx`: its reads, then its writes, then its own statements. */
export async function runAfterRollStep(step: AfterRollStep, roll: AfterRoll & { tx: Tx }) {
  const seen = await roll.tx.readEach(step.reads?.(roll.userId, roll.now) ?? []);
  await roll.tx.runAll(step.writes?.(roll, seen) ?? []);
  await step.run?.(roll, seen);
}
