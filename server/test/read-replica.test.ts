import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { connectDatabase } from '../src/db/client.js';
import { postFor } from './money-helpers.js';
import { get, rollOnce } from './engine-helpers.js';
import {
  bearer,
  createTestApp,
  createTestClock,
  json,
  registerPlayer,
  testConfig,
  type TestContext,
} from './helpers.js';
import { startReplica } from '../../scripts/lib/postgres.mjs';
import {
  createPostgresTestDatabase,
  testDatabaseUrl,
  testTempDir,
  withAdminClient,
  type TestDatabase,
} from './test-databases.js';

/**
 * Reads that tolerate lag (Database.replica: leaderboards, public figures, histories, back-office
 * lists) go to a streaming replica when DATABASE_READ_URL is set; a player's own state after a write
 * and everything a change of value decides on read the primary. On PostgreSQL this file starts a
 * streaming replica of the test cluster (`pg_basebackup -R`): with the replica's replay paused it is stale for
 * certain, so what the player must see fresh is shown fresh, and the lag-tolerant reads show the
 * replica's (older) figures until its replay resumes.
 */

const leaderboardRolls = async (ctx: TestContext, token: string, userId: number) => {
  const board = json(await get(ctx, '/api/player-stats/leaderboard?limit=100', token)).data;
  return board.entries.find((e: { userId: number }) => e.userId === userId)?.totalRolls ?? 0;
};
const historyRolls = async (ctx: TestContext, token: string, userId: number) =>
  json(await get(ctx, `/api/user/game-history/${userId}?limit=100`, token)).data.rolls.length as number;

async function contextOn(db: TestDatabase): Promise<TestContext> {
  const dataDir = testTempDir('gogo-replica');
  const clock = createTestClock();
  const app = await buildApp({ config: testConfig(dataDir), database: db.database, clock });
  await app.ready();
  return {
    app,
    database: db.database,
    clock,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function playerWithDice(ctx: TestContext) {
  const p = await registerPlayer(ctx.app);
  await postFor(ctx, p.user.id, [{ asset: 'DICE', amount: 50, type: 'purchase', reason: 'test' }]);
  return p;
}

describe('lag-tolerant reads without a replica', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('read the primary: a roll is in the leaderboard and the history at once', async () => {
    const p = await playerWithDice(ctx);
    for (let i = 0; i < 3; i++) expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
    expect(await leaderboardRolls(ctx, p.token, p.user.id)).toBe(3);
    expect(await historyRolls(ctx, p.token, p.user.id)).toBe(3);
  });
});

describe.skipIf(!testDatabaseUrl)('lag-tolerant reads on a streaming replica', () => {
  let ctx: TestContext;
  let replica: pg.Client;
  let server: { url: string; stop(): void };

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function caughtUp() {
    const lsn = await withAdminClient(async (c) => (await c.query('SELECT pg_current_wal_lsn() AS l')).rows[0].l);
    for (let waited = 0; waited < 20_000; waited += 20) {
      const { rows } = await replica.query('SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS ok', [lsn]);
      if (rows[0].ok) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the replica did not catch up in 20 s');
  }
  async function pauseReplay() {
    await replica.query('SELECT pg_wal_replay_pause()');
    for (let waited = 0; waited < 10_000; waited += 20) {
      const { rows } = await replica.query('SELECT pg_get_wal_replay_pause_state() AS s');
      if (rows[0].s === 'paused') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the replica did not pause its replay');
  }

  beforeAll(async () => {
    server = await startReplica({ port: Number(new URL(testDatabaseUrl!).port) });
    replica = new pg.Client({ connectionString: server.url });
    await replica.connect();
    ctx = await contextOn(await createPostgresTestDatabase({ replicaUrl: server.url }));
  }, 60_000);
  afterAll(async () => {
    await replica?.query('SELECT pg_wal_replay_resume()');
    await replica?.end();
    await ctx?.close();
    server?.stop();
  });

  it('a stale replica never shows the player their own state, balance or roll stale', async () => {
    const p = await playerWithDice(ctx);
    for (let i = 0; i < 2; i++) expect((await rollOnce(ctx, p.token, { requestId: `r${i}` })).statusCode).toBe(200);
    await caughtUp();
    expect(await leaderboardRolls(ctx, p.token, p.user.id)).toBe(2);

    await pauseReplay();
    try {
      const roll = json(await rollOnce(ctx, p.token, { requestId: 'r2' })).data;
      // The player's own state, balance and dice: from the primary, with the roll in them.
      const state = json(await get(ctx, '/api/game-state/state', p.token)).data;
      expect(state.totalRolls).toBe(3);
      expect(state.balance).toBe(roll.state.balance);
      const dice = json(await get(ctx, '/api/dice-rolls/balance', p.token)).data;
      expect(dice.diceRollsRemaining).toBe(roll.state.diceRollsRemaining);
      // A retry of that roll finds it (the idempotency read is the roll's own, on the primary).
      const retry = await rollOnce(ctx, p.token, { requestId: 'r2' });
      expect(retry.headers['x-roll-replayed']).toBe('1');
      expect(json(retry).data.rollId).toBe(roll.rollId);
      // Lag-tolerant reads: the replica's figures, from before the roll.
      expect(await leaderboardRolls(ctx, p.token, p.user.id)).toBe(2);
      expect(await historyRolls(ctx, p.token, p.user.id)).toBe(2);
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await leaderboardRolls(ctx, p.token, p.user.id)).toBe(3);
    expect(await historyRolls(ctx, p.token, p.user.id)).toBe(3);
  });

  it('reads the primary when the replica cannot be reached', async () => {
    const db = await createPostgresTestDatabase();
    // A replica URL where nothing listens: every lag-tolerant read falls back to the primary.
    const unreachable = new URL(db.url!);
    unreachable.port = '9';
    const database = await connectDatabase({ url: db.url!, file: '', poolMax: 3, readUrl: unreachable.toString() });
    const other = await contextOn({ ...db, database });
    try {
      const p = await playerWithDice(other);
      expect((await rollOnce(other, p.token)).statusCode).toBe(200);
      expect(await leaderboardRolls(other, p.token, p.user.id)).toBe(1);
      const list = await other.app.inject({
        method: 'GET',
        url: '/api/player-stats/leaderboard',
        headers: bearer(p.token),
      });
      expect(list.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
