import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from '../src/db/sql.js';
import { InsufficientBalanceError, ledgerSumsOf, lockGameState, postLedgerTx } from '../src/modules/ledger/postings.js';
import { createTestApp, registerPlayer, type TestContext } from './helpers.js';

const cachedBalances = sql<{ userId: number }, { balance: number; dice: number }>(
  'SELECT balance, dice_rolls_remaining AS dice FROM game_states WHERE user_id = :userId',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

describe('ledger', () => {
  it('a new game state starts with the starting dice, explained by a ledger row', async () => {
    const p = await registerPlayer(ctx.app);
    const state = await ctx.database.write((tx) => lockGameState(tx, p.user.id, ctx.clock()));
    expect(state.diceRollsRemaining).toBe(10);
    expect(await ledgerSumsOf(ctx.database.read, p.user.id)).toEqual({ GOGO: 0, DICE: 10 });
    // Locking again creates nothing more.
    await ctx.database.write((tx) => lockGameState(tx, p.user.id, ctx.clock()));
    expect(await ledgerSumsOf(ctx.database.read, p.user.id)).toEqual({ GOGO: 0, DICE: 10 });
  });

  it('refuses (and rolls back) a posting that would take a balance below zero', async () => {
    const p = await registerPlayer(ctx.app);
    await ctx.database.write((tx) => lockGameState(tx, p.user.id, ctx.clock()));
    await expect(
      ctx.database.write(async (tx) => {
        await lockGameState(tx, p.user.id, ctx.clock());
        await postLedgerTx(
          tx,
          p.user.id,
          [
            { asset: 'GOGO', amount: 30, type: 'reward', reason: 'test' },
            { asset: 'GOGO', amount: -31, type: 'penalty', reason: 'test' },
          ],
          ctx.clock(),
        );
      }),
    ).rejects.toThrow(InsufficientBalanceError);
    // Nothing of the failed posting remains, not even its first (valid) row.
    expect(await ledgerSumsOf(ctx.database.read, p.user.id)).toEqual({ GOGO: 0, DICE: 10 });
  });

  it('property: after any sequence of postings, cached balances equal ledger sums and never go negative', async () => {
    const p = await registerPlayer(ctx.app);
    await ctx.database.write((tx) => lockGameState(tx, p.user.id, ctx.clock()));
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
              await ctx.database.write(async (tx) => {
                const state = await lockGameState(tx, p.user.id, ctx.clock());
                await postLedgerTx(
                  tx,
                  p.user.id,
                  batch.map((d) => ({
                    ...d,
                    type: d.amount > 0 ? ('reward' as const) : ('penalty' as const),
                    reason: 'prop',
                  })),
                  ctx.clock(),
                  {},
                  state,
                );
              });
            } catch (err) {
              if (!(err instanceof InsufficientBalanceError)) throw err;
            }
            const row = (await ctx.database.read.get(cachedBalances, { userId: p.user.id }))!;
            const sums = await ledgerSumsOf(ctx.database.read, p.user.id);
            expect(row.balance).toBe(sums.GOGO);
            expect(row.dice).toBe(sums.DICE);
            expect(row.balance).toBeGreaterThanOrEqual(0);
            expect(row.dice).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
