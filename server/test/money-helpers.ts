import type { FastifyInstance } from 'fastify';
import type { LedgerDelta } from '@gogo/shared/rules';
import { sql, type Tx } from '../src/db/sql.js';
import { hashPassword } from '../src/lib/passwords.js';
import { ledgerSumsOf, lockGameState, postLedgerTx } from '../src/modules/ledger/postings.js';
import type { Database } from '../src/db/client.js';
import type { TestContext } from './helpers.js';
import { bearer } from './helpers.js';

let adminCounter = 0;

const insertAdmin = sql<{ username: string; passwordHash: string; now: number }, { id: number }>(
  'INSERT INTO admins (username, password_hash, created_at) VALUES (:username, :passwordHash, :now) RETURNING id',
);
const cachedBalances = sql<{ userId: number }, { balance: number; dice: number }>(
  'SELECT balance, dice_rolls_remaining AS dice FROM game_states WHERE user_id = :userId',
);

/** An admin account straight in the table (as `npm run admin:create` leaves it). */
export async function insertTestAdmin(ctx: TestContext, username: string, password: string) {
  const passwordHash = await hashPassword(password);
  const row = await ctx.database.write((tx) => tx.get(insertAdmin, { username, passwordHash, now: ctx.clock() }));
  return { id: row!.id, username };
}

/** An admin account and a signed admin token for it. */
export async function createTestAdmin(ctx: TestContext) {
  adminCounter += 1;
  const username = `ops${adminCounter}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await insertTestAdmin(ctx, username, 'a-long-admin-pass');
  return { ...admin, token: ctx.app.signToken('admin', admin.id, 0) };
}

export function api(app: FastifyInstance, token?: string) {
  const headers = token ? bearer(token) : {};
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    post: (url: string, payload: unknown = {}) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers }),
  };
}

/** Posts ledger rows for a player (creating their state first), as play would. */
export function postFor(ctx: TestContext, userId: number, deltas: LedgerDelta[], now = ctx.clock()) {
  return ctx.database.write(async (tx) => {
    await lockGameState(tx, userId, now);
    await postLedgerTx(tx, userId, deltas, now);
  });
}

/** Gives a player a game state and, when `gogo` > 0, that much GOGO (a test reward). */
export function creditGogo(ctx: TestContext, userId: number, gogo: number) {
  return postFor(ctx, userId, gogo > 0 ? [{ asset: 'GOGO', amount: gogo, type: 'reward', reason: 'test' }] : []);
}

/** The cached balances of a player (undefined before their first game action). */
export const cachedOf = (ctx: TestContext, userId: number) => ctx.database.read.get(cachedBalances, { userId });

/** The ledger sums of a player. */
export const sumsOf = (ctx: TestContext, userId: number) => ledgerSumsOf(ctx.database.read, userId);

// ── Hand edits behind the application's back (legacy data the app must cope with) ──────────────

const skipForeignKeys = sql({ sqlite: 'SELECT 1', postgres: 'SET LOCAL session_replication_role = replica' });
const deleteUser = sql<{ id: number }>('DELETE FROM users WHERE id = :id');
const insertOrphan = sql<{ userId: number; now: number }, { id: number }>(
  `INSERT INTO money_transactions (user_id, type, amount_units, currency, crypto_type, status, created_at, updated_at)
   VALUES (:userId, 'deposit', 100000000, 'ETH', 'ETH', 'pending', :now, :now) RETURNING id`,
);

/** The SQLite connection of a test app (foreign keys can only be switched off outside a transaction). */
function sqliteOf(ctx: TestContext) {
  return (ctx.database as unknown as { sqlite: { pragma(p: string): unknown } }).sqlite;
}

/** Runs `fn` with foreign keys unchecked: SQLite by pragma, PostgreSQL by replica mode (superuser). */
async function withoutForeignKeys<T>(ctx: TestContext, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if ((ctx.database as { engine: string }).engine === 'postgres') {
    return ctx.database.write(async (tx) => {
      await tx.get(skipForeignKeys, {});
      return fn(tx);
    });
  }
  sqliteOf(ctx).pragma('foreign_keys = OFF');
  try {
    return await ctx.database.write(fn);
  } finally {
    sqliteOf(ctx).pragma('foreign_keys = ON');
  }
}

/** Removes a player row as a hand edit would, leaving their requests and ledger rows behind. */
export function deleteUserBehindTheAppsBack(ctx: TestContext, userId: number) {
  return withoutForeignKeys(ctx, (tx) => tx.run(deleteUser, { id: userId }));
}

/** A pending 1 ETH deposit of a player who does not exist (an import or a hand edit). */
export async function insertOrphanDeposit(ctx: TestContext, userId: number): Promise<number> {
  const row = await withoutForeignKeys(ctx, (tx) => tx.get(insertOrphan, { userId, now: ctx.clock() }));
  return row!.id;
}

// ── Withdrawal eligibility and deposit references ────────────────────────────────────

const markVerified = sql<{ userId: number; verifiedAt: number }>(
  'UPDATE users SET email_verified_at = :verifiedAt WHERE id = :userId',
);
const markVerifiedAndAged = sql<{ userId: number; verifiedAt: number; createdAt: number }>(
  'UPDATE users SET email_verified_at = :verifiedAt, created_at = :createdAt WHERE id = :userId',
);

/**
 * Makes a player eligible to withdraw as a real one becomes: the email address verified and the
 * account older than WITHDRAW_MIN_ACCOUNT_AGE_HOURS (30 days before `now`). The rules stay on.
 */
export function makeEligibleToWithdraw(database: Database, userId: number, now: number) {
  return database.write((tx) =>
    tx.run(markVerifiedAndAged, { userId, verifiedAt: now - 29 * 86_400_000, createdAt: now - 30 * 86_400_000 }),
  );
}

/** Marks a player's email address verified (what the verification link does), nothing else. */
export function markEmailVerified(database: Database, userId: number, at: number) {
  return database.write((tx) => tx.run(markVerified, { userId, verifiedAt: at }));
}

/** A random transaction id of the right shape for a coin (a deposit's reference). */
export function txHashFor(coin: string): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');
  if (coin === 'BTC') return hex(64);
  if (coin === 'SOL') {
    const b58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    return Array.from({ length: 87 }, () => b58[Math.floor(Math.random() * b58.length)]).join('');
  }
  return `0x${hex(64)}`;
}
