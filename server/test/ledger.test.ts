import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { gameStates } from '../src/db/schema/index.js';
import { ensureGameState, InsufficientBalanceError, ledgerSums, postLedger } from '../src/modules/ledger/ledger.js';
import { createTestApp, registerPlayer, type TestContext } from './helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('ledger', () => {
  it('a new game state starts with the starting dice, explained by a ledger row', async () => {
    const p = await registerPlayer(ctx.app);
    const state = ctx.database.legacyWrite((db) => ensureGameState(db, p.user.id, ctx.clock()));
    expect(state.diceRollsRemaining).toBe(10);
    expect(ctx.database.legacyWrite((db) => ledgerSums(db, p.user.id))).toEqual({ GOGO: 0, DICE: 10 });
  });

  it('refuses (and rolls back) a posting that would take a balance below zero', async () => {
    const p = await registerPlayer(ctx.app);
    ctx.database.legacyWrite((db) => ensureGameState(db, p.user.id, ctx.clock()));
    expect(() =>
      ctx.database.legacyWrite((db) =>
        postLedger(
          db,
          p.user.id,
          [
            { asset: 'GOGO', amount: 30, type: 'reward', reason: 'test' },
            { asset: 'GOGO', amount: -31, type: 'penalty', reason: 'test' },
          ],
          ctx.clock(),
        ),
      ),
    ).toThrow(InsufficientBalanceError);
    // Nothing of the failed posting remains, not even its first (valid) row.
    expect(ctx.database.legacyWrite((db) => ledgerSums(db, p.user.id))).toEqual({ GOGO: 0, DICE: 10 });
  });

  it('property: after any sequence of postings, cached balances equal ledger sums and never go negative', async () => {
    const p = await registerPlayer(ctx.app);
    ctx.database.legacyWrite((db) => ensureGameState(db, p.user.id, ctx.clock()));
    const delta = fc.record({
      asset: fc.constantFrom('GOGO' as const, 'DICE' as const),
      amount: fc.integer({ min: -500, max: 500 }).filter((n) => n !== 0),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(delta, { minLength: 1, maxLength: 4 }), { maxLength: 25 }),
        async (batches) => {
          for (const batch of batches) {
            try {
              ctx.database.legacyWrite((db) =>
                postLedger(
                  db,
                  p.user.id,
                  batch.map((d) => ({
                    ...d,
                    type: d.amount > 0 ? ('reward' as const) : ('penalty' as const),
                    reason: 'prop',
                  })),
                  ctx.clock(),
                ),
              );
            } catch (err) {
              if (!(err instanceof InsufficientBalanceError)) throw err;
            }
            const row = ctx.database.db.select().from(gameStates).where(eq(gameStates.userId, p.user.id)).get()!;
            const sums = ledgerSums(ctx.database.db, p.user.id);
            expect(row.balance).toBe(sums.GOGO);
            expect(row.diceRollsRemaining).toBe(sums.DICE);
            expect(row.balance).toBeGreaterThanOrEqual(0);
            expect(row.diceRollsRemaining).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
