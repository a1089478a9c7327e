// Opens the anchor's store: PostgreSQL for a postgres:// URL, else a SQLite file.
import { openPostgresStore } from './store-postgres.mjs';
import { openSqliteStore } from './store-sqlite.mjs';

/**
 * @typedef {object} AnchorStore
 * @property {(userId: number) => Promise<number | undefined>} tokenVersion
 * @property {(userId: number, requestId: string | null, now: number) =>
 *   Promise<{status: number, answer: string, replayed?: boolean}>} roll
 * @property {(count: number, dice: number) => Promise<number[]>} seed
 * @property {() => Promise<{rows: any[], rolls: number}>} check
 * @property {() => Promise<void>} close
 */

/** @param {string} target @param {{ setup?: boolean }} [options] @returns {Promise<AnchorStore>} */
export async function openStore(target, options = {}) {
  return /^postgres(ql)?:\/\//.test(target) ? openPostgresStore(target, options) : openSqliteStore(target);
}
