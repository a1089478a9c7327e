// The anchor's store on better-sqlite3 with the project's pragmas (server/src/db/sqlite.ts: WAL,
// synchronous=FULL, foreign keys, busy timeout). Statements prepared once; a roll is one
// BEGIN IMMEDIATE transaction, synchronous like every better-sqlite3 call.
import BetterSqlite3 from 'better-sqlite3';
import { CHECK_SQL } from './check.mjs';
import { newSeeds, resolve } from './rules.mjs';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, token_version INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS game_states (
  user_id INTEGER PRIMARY KEY REFERENCES users(id), balance INTEGER NOT NULL, dice INTEGER NOT NULL,
  position INTEGER NOT NULL, total_rolls INTEGER NOT NULL, server_seed TEXT NOT NULL,
  server_seed_hash TEXT NOT NULL, client_seed TEXT NOT NULL, nonce INTEGER NOT NULL, updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rolls (
  id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), request_id TEXT, nonce INTEGER NOT NULL,
  die INTEGER NOT NULL, from_position INTEGER NOT NULL, to_position INTEGER NOT NULL, reward INTEGER NOT NULL,
  answer TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS rolls_user_request ON rolls (user_id, request_id) WHERE request_id IS NOT NULL;
CREATE TABLE IF NOT EXISTS ledger_entries (
  id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), asset TEXT NOT NULL,
  amount INTEGER NOT NULL, reason TEXT NOT NULL, ref_id INTEGER, balance_after INTEGER NOT NULL,
  created_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS ledger_user ON ledger_entries (user_id);
`;

/** @param {string} file */
export function openSqliteStore(file) {
  const db = new BetterSqlite3(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = FULL');
  db.exec(SCHEMA);

  const tokenVersion = db.prepare('SELECT token_version AS v FROM users WHERE id = ?').pluck();
  const state = db.prepare(
    `SELECT balance, dice, position, total_rolls AS totalRolls, server_seed AS serverSeed,
       server_seed_hash AS serverSeedHash, client_seed AS clientSeed, nonce,
       (SELECT coalesce(max(id), 0) + 1 FROM rolls) AS nextRollId
     FROM game_states WHERE user_id = ?`,
  );
  const replay = db.prepare('SELECT answer FROM rolls WHERE user_id = ? AND request_id = ?').pluck();
  const insertRoll = db.prepare(
    `INSERT INTO rolls (id, user_id, request_id, nonce, die, from_position, to_position, reward, answer, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEntry = db.prepare(
    `INSERT INTO ledger_entries (user_id, asset, amount, reason, ref_id, balance_after, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateState = db.prepare(
    `UPDATE game_states SET balance = ?, dice = ?, position = ?, total_rolls = ?, nonce = ?, updated_at = ?
     WHERE user_id = ?`,
  );

  /** @param {number} userId @param {string | null} requestId @param {number} now */
  const rollTx = db.transaction((userId, requestId, now) => {
    const row = /** @type {any} */ (state.get(userId));
    if (!row) return { status: 404, answer: '{"success":false,"error":{"code":"NOT_FOUND","message":"no player"}}' };
    if (requestId !== null) {
      const stored = replay.get(userId, requestId);
      if (stored !== undefined) return { status: 200, answer: String(stored), replayed: true };
    }
    if (row.dice < 1) {
      return { status: 400, answer: '{"success":false,"error":{"code":"NO_ROLLS","message":"No dice rolls left"}}' };
    }
    const rollId = row.nextRollId;
    const roll = resolve(row, rollId, now);
    insertRoll.run(rollId, userId, requestId, row.nonce, roll.die, roll.from, roll.to, roll.reward, roll.answer, now);
    for (const e of roll.ledger) insertEntry.run(userId, e.asset, e.amount, e.reason, rollId, e.balanceAfter, now);
    const n = roll.next;
    updateState.run(n.balance, n.dice, n.position, n.totalRolls, n.nonce, now, userId);
    return { status: 200, answer: roll.answer };
  });

  return {
    /** @param {number} userId @returns {Promise<number | undefined>} */
    async tokenVersion(userId) {
      return /** @type {number | undefined} */ (tokenVersion.get(userId));
    },
    /** @param {number} userId @param {string | null} requestId @param {number} now */
    async roll(userId, requestId, now) {
      return rollTx.immediate(userId, requestId, now);
    },
    /** Creates `count` players with `dice` dice each (a ledger row explains them). @param {number} count @param {number} dice */
    async seed(count, dice) {
      const now = Date.now();
      const addUser = db.prepare('INSERT INTO users (token_version) VALUES (0) RETURNING id').pluck();
      const addState = db.prepare(
        `INSERT INTO game_states (user_id, balance, dice, position, total_rolls, server_seed, server_seed_hash,
           client_seed, nonce, updated_at) VALUES (?, 0, ?, 0, 0, ?, ?, ?, 0, ?)`,
      );
      /** @type {number[]} */
      const ids = [];
      db.transaction(() => {
        for (let i = 0; i < count; i++) {
          const id = /** @type {number} */ (addUser.get());
          const s = newSeeds();
          addState.run(id, dice, s.serverSeed, s.serverSeedHash, s.clientSeed, now);
          insertEntry.run(id, 'DICE', dice, 'grant', null, dice, now);
          ids.push(id);
        }
      }).immediate();
      return ids;
    },
    async check() {
      const rows = /** @type {any[]} */ (db.prepare(CHECK_SQL).all());
      const rolls = /** @type {number} */ (db.prepare('SELECT count(*) FROM rolls').pluck().get());
      return { rows, rolls };
    },
    async close() {
      db.close();
    },
  };
}
