import { describe, expect, it } from 'vitest';
import { migrationsAround } from './sqlite-migrations.js';

// SQLite's migration 0006 on rows written before it, in memory. PostgreSQL's first migration already
// stores exact units, so the PostgreSQL run leaves this file out (engine-free.ts).

describe('migration 0006: money amounts from REAL to exact minor units', () => {
  it('converts every stored amount exactly, orphaned rows included', () => {
    const { db, before, rest } = migrationsAround('0006');
    before();
    db.exec(`INSERT INTO users (id, username, email, password_hash, created_at) VALUES (1, 'u', 'u@x', 'h', 0)`);
    const insert = db.prepare(
      `INSERT INTO money_transactions (user_id, type, amount, currency, crypto_amount, usd_value, status, created_at,
         updated_at) VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, 0)`,
    );
    insert.run(1, 'deposit', 0.1, 'ETH', null, 300.1);
    insert.run(1, 'purchase', 3.3, 'USD', 0.00016667, 3.3);
    insert.run(1, 'withdrawal', 150, 'GOGO', null, null);
    db.pragma('foreign_keys = OFF');
    insert.run(999, 'deposit', 0.00000001, 'BTC', null, null); // a player row gone: must not stop the migration
    db.pragma('foreign_keys = ON');
    rest();
    const rows = db
      .prepare(
        'SELECT amount_units AS a, crypto_amount_units AS c, usd_value_units AS u FROM money_transactions ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      { a: 10_000_000, c: null, u: 30_010_000_000 },
      { a: 330_000_000, c: 16_667, u: 330_000_000 },
      { a: 15_000_000_000, c: null, u: null },
      { a: 1, c: null, u: null },
    ]);
    const columns = (db.prepare('PRAGMA table_info(money_transactions)').all() as { name: string }[]).map(
      (c) => c.name,
    );
    expect(columns).not.toContain('amount');
    db.close();
  });
});
