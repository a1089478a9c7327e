// Direct access to the project's database from the bench and fault scripts, on either engine: grant
// dice or GOGO through ledger rows (as the ledger module would write them) and audit the ledger
// after a run. Plain SQL both engines accept; the server is never imported, so the audit does not
// trust the code it audits.
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

/**
 * @typedef {object} Runner
 * @property {(text: string, params?: unknown[]) => Promise<any[]>} all  `?` placeholders
 * @property {<T>(fn: () => Promise<T>) => Promise<T>} transaction
 * @property {() => Promise<void>} close
 */

/** @param {string} text */
const toDollars = (text) => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

/** @param {string} file @returns {Runner} */
function sqliteRunner(file) {
  const db = new BetterSqlite3(file);
  db.pragma('busy_timeout = 5000');
  return {
    async all(text, params = []) {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    },
    async transaction(fn) {
      db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn();
        db.exec('COMMIT');
        return result;
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    },
    async close() {
      db.close();
    },
  };
}

/** @param {string} url @returns {Runner} */
function postgresRunner(url) {
  const client = new pg.Client({ connectionString: url });
  const connected = client.connect();
  return {
    async all(text, params = []) {
      await connected;
      const res = await client.query(toDollars(text), params);
      // BIGINT and sum() arrive as strings: every figure here is an integer far below 2^53.
      return res.rows.map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
        ),
      );
    },
    async transaction(fn) {
      await connected;
      await client.query('BEGIN');
      try {
        const result = await fn();
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    },
    async close() {
      await connected.catch(() => undefined);
      await client.end();
    },
  };
}

/**
 * Opens the project database: PostgreSQL when `databaseUrl` is set, else DATA_DIR/gogo.sqlite.
 * @param {{ dataDir: string, databaseUrl?: string | null }} where
 */
export function openProjectDb({ dataDir, databaseUrl }) {
  const db = databaseUrl ? postgresRunner(databaseUrl) : sqliteRunner(join(dataDir, 'gogo.sqlite'));
  /** @param {string} text @param {unknown[]} [params] */
  const count = async (text, params) => Number((await db.all(text, params))[0]?.n ?? 0);

  return {
    /**
     * Credits `amount` of `asset` to every player through a ledger row and the cached balance, in one
     * transaction per player (creating the game state row first, as the ledger does).
     * @param {'DICE' | 'GOGO'} asset @param {number} amount
     */
    async grant(asset, amount) {
      const now = Date.now();
      const column = asset === 'DICE' ? 'dice_rolls_remaining' : 'balance';
      const users = await db.all('SELECT id FROM users ORDER BY id').catch((/** @type {any} */ err) => {
        // 42P01: no such table. A server that ignored DATABASE_URL wrote to a SQLite file instead.
        if (databaseUrl && err?.code === '42P01') {
          throw new Error('no users table in DATABASE_URL: did the server run with the PostgreSQL engine?');
        }
        throw err;
      });
      const ids = users.map((r) => Number(r.id));
      for (const userId of ids) {
        await db.transaction(async () => {
          await db.all(
            `INSERT INTO game_states (user_id, balance, dice_rolls_remaining, created_at, updated_at)
             VALUES (?, 0, 0, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
            [userId, now, now],
          );
          const [row] = await db.all(
            `UPDATE game_states SET ${column} = ${column} + ?, updated_at = ? WHERE user_id = ? RETURNING ${column} AS after`,
            [amount, now, userId],
          );
          await db.all(
            `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, ref_type, ref_id, balance_after, created_at)
             VALUES (?, ?, ?, 'reward', 'bench_grant', NULL, NULL, ?, ?)`,
            [userId, asset, amount, row.after, now],
          );
        });
      }
      return ids.length;
    },

    /**
     * The ledger audit: cached balances equal the ledger sums (drift), nothing negative, every roll
     * spent one die through a ledger row of its own and took one nonce, every withdrawal has its hold.
     */
    async audit() {
      const rows = await db.all(
        `SELECT g.user_id AS "userId", g.balance AS balance, g.dice_rolls_remaining AS dice,
                coalesce(sum(CASE WHEN l.asset = 'GOGO' THEN l.amount ELSE 0 END), 0) AS "ledgerGogo",
                coalesce(sum(CASE WHEN l.asset = 'DICE' THEN l.amount ELSE 0 END), 0) AS "ledgerDice"
         FROM game_states g LEFT JOIN ledger_entries l ON l.user_id = g.user_id
         GROUP BY g.user_id, g.balance, g.dice_rolls_remaining ORDER BY g.user_id`,
      );
      const drift = rows
        .filter((r) => Number(r.balance) !== Number(r.ledgerGogo) || Number(r.dice) !== Number(r.ledgerDice))
        .map((r) => ({
          userId: r.userId,
          cached: { GOGO: r.balance, DICE: r.dice },
          ledger: { GOGO: r.ledgerGogo, DICE: r.ledgerDice },
        }));
      const rolls = await count('SELECT count(*) AS n FROM rolls');
      const diceSpent = -(await count(
        "SELECT coalesce(sum(amount), 0) AS n FROM ledger_entries WHERE asset = 'DICE' AND reason = 'roll'",
      ));
      const rollsWithoutSpend = await count(
        `SELECT count(*) AS n FROM rolls r WHERE NOT EXISTS (SELECT 1 FROM ledger_entries l
           WHERE l.ref_type = 'roll' AND l.ref_id = r.id AND l.asset = 'DICE' AND l.reason = 'roll')`,
      );
      const rollsWithoutAnswer = await count(
        `SELECT count(*) AS n FROM rolls
         WHERE NOT ((result = '' AND answer IS NOT NULL) OR result LIKE '{%' OR result LIKE 'z1:_%')`,
      );
      // A roll takes its seed's nonce under the player's lock: (seed, nonce) is unique by construction.
      // PostgreSQL checks no foreign key on these hot inserts: each names a player that exists by
      // construction (its state row is locked by the transaction that writes it), which this counts.
      const rowsWithoutPlayer = await count(
        `SELECT (SELECT count(*) FROM rolls r WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id))
           + (SELECT count(*) FROM ledger_entries l WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = l.user_id))
           + (SELECT count(*) FROM rolls r WHERE NOT EXISTS (SELECT 1 FROM fairness_seeds s WHERE s.id = r.seed_id))
           AS n`,
      );
      const duplicateNonces = await count(
        'SELECT count(*) AS n FROM (SELECT seed_id FROM rolls GROUP BY seed_id, nonce HAVING count(*) > 1) AS d',
      );
      const nonceMismatches = await count(
        `SELECT count(*) AS n FROM fairness_seeds s
         WHERE (CASE WHEN s.revealed_at IS NULL
                  THEN coalesce((SELECT g.rolls_served FROM game_states g WHERE g.user_id = s.user_id), 0) - s.served_before
                  ELSE s.next_nonce END) != (SELECT count(*) FROM rolls r WHERE r.seed_id = s.id)`,
      );
      const negative = await count(
        'SELECT count(*) AS n FROM game_states WHERE balance < 0 OR dice_rolls_remaining < 0',
      );
      const withdrawals = await count("SELECT count(*) AS n FROM money_transactions WHERE type = 'withdrawal'");
      const withdrawalsWithoutHold = await count(
        `SELECT count(*) AS n FROM money_transactions m WHERE m.type = 'withdrawal' AND NOT EXISTS (
           SELECT 1 FROM ledger_entries l WHERE l.ref_type = 'money_tx' AND l.ref_id = m.id
             AND l.reason = 'withdrawal_hold' AND l.amount < 0)`,
      );
      const holdsWithoutRequest = await count(
        `SELECT count(*) AS n FROM ledger_entries l WHERE l.reason = 'withdrawal_hold' AND NOT EXISTS (
           SELECT 1 FROM money_transactions m WHERE m.id = l.ref_id AND l.ref_type = 'money_tx')`,
      );
      const ok =
        drift.length === 0 &&
        rolls === diceSpent &&
        rollsWithoutSpend === 0 &&
        rollsWithoutAnswer === 0 &&
        rowsWithoutPlayer === 0 &&
        nonceMismatches === 0 &&
        duplicateNonces === 0 &&
        negative === 0 &&
        withdrawalsWithoutHold === 0 &&
        holdsWithoutRequest === 0;
      return {
        ok,
        players: rows.length,
        rolls,
        diceSpent,
        rollsWithoutSpend,
        rollsWithoutAnswer,
        rowsWithoutPlayer,
        nonceMismatches,
        duplicateNonces,
        negative,
        withdrawals,
        withdrawalsWithoutHold,
        holdsWithoutRequest,
        drift,
      };
    },

    /**
     * Every roll as stored: id, player, request id, die and nonce (the row's columns, written by the
     * insert that stores the answer packed: game/stored-answer.ts).
     */
    async rolls() {
      const rows = await db.all('SELECT id, user_id AS "userId", request_id AS "requestId", die, nonce FROM rolls');
      return rows.map((r) => ({
        id: Number(r.id),
        userId: Number(r.userId),
        requestId: r.requestId === null ? null : String(r.requestId),
        die: Number(r.die),
        nonce: Number(r.nonce),
      }));
    },

    /** Every withdrawal request with the GOGO its hold took from the balance (whole GOGO, from the ledger). */
    async withdrawals() {
      const rows = await db.all(
        `SELECT m.id AS id, m.user_id AS "userId", -l.amount AS held FROM money_transactions m
         LEFT JOIN ledger_entries l ON l.ref_type = 'money_tx' AND l.ref_id = m.id AND l.reason = 'withdrawal_hold'
         WHERE m.type = 'withdrawal'`,
      );
      return rows.map((r) => ({ id: Number(r.id), userId: Number(r.userId), amount: Number(r.held) }));
    },

    close: () => db.close(),
  };
}
