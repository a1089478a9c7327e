import { describe, expect, it } from 'vitest';
import { migrationsAround } from './sqlite-migrations.js';

// SQLite's migration 0019 on rows written before it, in memory (PostgreSQL's 0015 runs the same
// statements; its guard trigger is tested in fairness.test.ts).

describe('migration 0019: rolls served on the state row, seeds counted from it', () => {
  it("keeps every seed's nonce and the rolls served as the nonces added up", () => {
    const { db, before, rest } = migrationsAround('0019');
    before();
    db.exec(`INSERT INTO users (id, username, email, password_hash, created_at) VALUES (1, 'u', 'u@x', 'h', 0),
      (2, 'v', 'v@x', 'h', 0)`);
    db.exec(`INSERT INTO game_states (user_id, created_at, updated_at) VALUES (1, 0, 0), (2, 0, 0)`);
    const seed = db.prepare(
      `INSERT INTO fairness_seeds (user_id, seed_index, server_seed, server_seed_hash, client_seed, next_nonce,
         created_at, revealed_at) VALUES (?, ?, 's', 'h', 'c', ?, 0, ?)`,
    );
    seed.run(1, 0, 5, 10);
    seed.run(1, 1, 7, 20);
    seed.run(1, 2, 3, null);
    seed.run(2, 0, 0, null);
    rest();
    expect(db.prepare('SELECT user_id AS u, rolls_served AS n FROM game_states ORDER BY user_id').all()).toEqual([
      { u: 1, n: 15 },
      { u: 2, n: 0 },
    ]);
    const seeds = db
      .prepare(
        `SELECT user_id AS u, served_before AS before, CASE WHEN revealed_at IS NULL
           THEN (SELECT g.rolls_served FROM game_states g WHERE g.user_id = s.user_id) - served_before
           ELSE next_nonce END AS nonce FROM fairness_seeds s ORDER BY user_id, seed_index`,
      )
      .all();
    expect(seeds).toEqual([
      { u: 1, before: 0, nonce: 5 },
      { u: 1, before: 5, nonce: 7 },
      { u: 1, before: 12, nonce: 3 },
      { u: 2, before: 0, nonce: 0 },
    ]);
    db.close();
  });
});
