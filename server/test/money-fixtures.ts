import { expect } from 'vitest';
import { sql, type Tx } from '../src/db/sql.js';
import { findMoneyRequest } from '../src/modules/credits/reviews.js';
import type { createRecorder } from './admin-helpers.js';
import { registerPlayer, type TestContext } from './helpers.js';
import { api, cachedOf, creditGogo, makeEligibleToWithdraw, sumsOf, txHashFor } from './money-helpers.js';

export type MoneyAuditRow = { admin_id: number; target_user_id: number; before: string; after: string };
const moneyAuditsOf = sql<{ action: string; targetId: number }, MoneyAuditRow>(
  `SELECT admin_id, target_user_id, before, after FROM admin_audit_log
   WHERE action = :action AND target_type = 'money_tx' AND target_id = :targetId ORDER BY id`,
);

/**
 * What the money test files (credits-*.test.ts, admin-money-*.test.ts) share about the app their file
 * builds. The app only exists once the file's beforeAll has run, hence a getter rather than a value.
 */
export function moneyFixtures(ctxOf: () => TestContext) {
  async function cached(userId: number) {
    return (await cachedOf(ctxOf(), userId))!;
  }
  return {
    /**
     * A registered player with `gogo` GOGO credited through the ledger (a grant stands in for play),
     * verified and old enough to withdraw (the withdrawal rules stay on), with an API client of their own.
     */
    async player(gogo = 0) {
      const ctx = ctxOf();
      const p = await registerPlayer(ctx.app);
      await creditGogo(ctx, p.user.id, gogo);
      await makeEligibleToWithdraw(ctx.database, p.user.id, ctx.clock());
      return { ...p, api: api(ctx.app, p.token) };
    },
    /** The cached balances of a player who has played (or been credited). */
    cached,
    /** The cached balances equal the ledger sums: nothing drifted. */
    async expectNoDrift(userId: number) {
      const row = await cached(userId);
      expect({ GOGO: row.balance, DICE: row.dice }).toEqual(await sumsOf(ctxOf(), userId));
    },
    /** A review run in its own transaction, as the admin routes run it. */
    inTx: <T>(fn: (tx: Tx) => Promise<T>) => ctxOf().database.write(fn),
    /** The stored money request, amounts in their unit. */
    requestRow: async (id: number) => (await findMoneyRequest(ctxOf().database.read, id))!,
    /** The audit rows of one action on one money request, oldest first. */
    audits: (action: string, targetId: number) => ctxOf().database.read.all(moneyAuditsOf, { action, targetId }),
  };
}

/** An ETH deposit body; each spread of it carries a fresh transaction hash as its reference. */
export const deposit = {
  amount: 0.5,
  cryptoType: 'ETH',
  cryptoAddress: '0xsender',
  get reference() {
    return txHashFor('ETH');
  },
  note: 'hello',
};

/**
 * A player's money requests sent through an admin test file's recorder (admin-helpers.ts), so that
 * their answers are checked for password hashes too. Each must be accepted (201). A getter again: the
 * recorder is made in the file's beforeAll.
 */
export function moneyRequests(httpOf: () => ReturnType<typeof createRecorder>) {
  return {
    async requestDeposit(token: string, body: object = {}) {
      const res = await httpOf().post('/api/credits/deposit-request', token, {
        amount: 0.01,
        cryptoType: 'ETH',
        cryptoAddress: '0xsender',
        reference: txHashFor('ETH'),
        ...body,
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.transactionId as number;
    },
    async requestPurchase(token: string, rolls = 50) {
      const res = await httpOf().post('/api/dice-rolls/purchase-request', token, {
        diceRollsCount: rolls,
        amount: rolls / 10,
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.transactionId as number;
    },
    async requestWithdrawal(token: string, amount: number) {
      const res = await httpOf().post('/api/credits/withdrawal-request', token, {
        amount,
        cryptoType: 'SOL',
        cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.transactionId as number;
    },
  };
}
