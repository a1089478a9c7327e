import { expect } from 'vitest';
import { gameStates } from '../src/db/schema/index.js';
import { ensureGameState, ledgerSums, postLedger } from '../src/modules/ledger/ledger.js';
import { bearer, type TestContext } from './helpers.js';

/** Credits dice rolls through the ledger, as an approved purchase would. */
export function grantDice(ctx: TestContext, userId: number, amount: number) {
  ctx.database.legacyWrite((db) => {
    ensureGameState(db, userId, ctx.clock());
    postLedger(db, userId, [{ asset: 'DICE', amount, type: 'purchase', reason: 'test_grant' }], ctx.clock());
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
export function expectLedgerConsistent(ctx: TestContext) {
  const rows = ctx.database.db.select().from(gameStates).all();
  for (const row of rows) {
    const sums = ledgerSums(ctx.database.db, row.userId);
    expect({ user: row.userId, GOGO: row.balance, DICE: row.diceRollsRemaining }).toEqual({
      user: row.userId,
      ...sums,
    });
    expect(row.balance).toBeGreaterThanOrEqual(0);
    expect(row.diceRollsRemaining).toBeGreaterThanOrEqual(0);
  }
  return rows.length;
}
