// npm run bench:events: live events at 10,000 entrants, in process (server/src through tsx).
//
//   1. settlement: an ended event with 10,000 entrants is settled (one transaction: lock, standings,
//      prize rows, ledger postings, status, next round); once with prizes for the top 100 ranks, once
//      with a prize for every rank (10,000 winners);
//   2. fan-out: --sockets entrants of a live 10,000-entrant event hold a socket on a listening app;
//      one roll passes all of them, and every socket must get its new rank (`eventRank`): the time
//      from the roll request to each push (p50, p99, max).
//
// SQLite in a temporary folder by default; DATABASE_URL=postgres://... runs it on PostgreSQL (the
// database must be empty: the script migrates it and leaves its rows). Entrants and their users are
// written straight into the tables (no sign-up hashing); tokens are signed by the app itself.
//
//   node --import tsx scripts/bench/events.ts [--entrants=10000] [--sockets=1000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../../server/src/app.js';
import { defaultAuthRateLimit, defaultSiteConfig, type AppConfig } from '../../server/src/settings/index.js';
import { connectDatabase } from '../../server/src/db/client.js';
import { sql } from '../../server/src/db/sql.js';
import { lockGameState, postLedgerTx } from '../../server/src/modules/ledger/index.js';
import { settleEvent, SETTLE_GRACE_MS } from '../../server/src/modules/events/index.js';

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
};
const ENTRANTS = option('entrants', 10_000);
const SOCKETS = option('sockets', 1_000);
const MIN = 60_000;

const addUser = sql<{ name: string; now: number }, { id: number }>(
  `INSERT INTO users (username, email, password_hash, created_at) VALUES (:name, :name || '@bench.test', 'x', :now)
   RETURNING id`,
);
// A winner has rolled, so has a game state: the seeded players get theirs (empty, as the ledger says).
const addState = sql<{ userId: number; now: number }>(
  `INSERT INTO game_states (user_id, balance, dice_rolls_remaining, created_at, updated_at) VALUES (:userId, 0, 0, :now, :now)`,
);
const addEvent = sql<{ name: string; startsAt: number; endsAt: number; prizes: string; now: number }, { id: number }>(
  `INSERT INTO live_events (round, name, metric, starts_at, ends_at, prizes, status, entrants, created_at, updated_at)
   VALUES (1, :name, 'rolls', :startsAt, :endsAt, :prizes, 'scheduled', 0, :now, :now) RETURNING id`,
);
const addEntry = sql<{ eventId: number; userId: number; score: number; reachedAt: number }>(
  `INSERT INTO event_entries (event_id, user_id, score, reached_at, joined_at)
   VALUES (:eventId, :userId, :score, :reachedAt, :reachedAt)`,
);
const setEntrants = sql<{ id: number; n: number }>('UPDATE live_events SET entrants = :n WHERE id = :id');

const ms = (t: number) => `${t.toFixed(0)} ms`;
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-bench-events-'));
  const url = process.env.DATABASE_URL ?? null;
  const database = await connectDatabase({ url, file: join(dataDir, 'bench.sqlite') });
  let now = Date.UTC(2026, 0, 15, 12);
  const clock = () => now;
  const config: AppConfig = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseFile: join(dataDir, 'bench.sqlite'),
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-signing',
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    version: 'bench',
    authRateLimit: { ...defaultAuthRateLimit, perIpMax: 1_000_000, perAccountMax: 1_000_000 },
    testSeed: null,
    benchNoCooldown: true,
    adminBootstrap: null,
    site: defaultSiteConfig,
    // The settlements below are timed alone: the app's own sweeper waits.
    eventsSweepMs: 3_600_000,
  };
  const app = await buildApp({ config, database, clock });
  await app.ready();
  console.log(`engine: ${database.engine}; entrants: ${ENTRANTS}; sockets: ${SOCKETS}`);

  const users: number[] = await database.write(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < ENTRANTS; i += 1) {
      const id = (await tx.get(addUser, { name: `bench${i}`, now }))!.id;
      await tx.run(addState, { userId: id, now });
      ids.push(id);
    }
    return ids;
  });

  async function seededEvent(name: string, prizes: object[], endsAt: number, score: (i: number) => number) {
    return database.write(async (tx) => {
      const id = (await tx.get(addEvent, {
        name,
        startsAt: endsAt - 60 * MIN,
        endsAt,
        prizes: JSON.stringify(prizes),
        now,
      }))!.id;
      for (const [i, userId] of users.entries()) {
        await tx.run(addEntry, { eventId: id, userId, score: score(i), reachedAt: now - 50 * MIN + i });
      }
      await tx.run(setEntrants, { id, n: users.length });
      return id;
    });
  }

  // 1. Settlement.
  const top100 = [
    { fromRank: 1, toRank: 1, gogo: 1000, dice: 20 },
    { fromRank: 2, toRank: 10, gogo: 250, dice: 5 },
    { fromRank: 11, toRank: 100, gogo: 50, dice: 1 },
  ];
  const everyone = [{ fromRank: 1, toRank: ENTRANTS, gogo: 10, dice: 1 }];
  const endsAt = now + 10 * MIN;
  const a = await seededEvent('bench top 100', top100, endsAt, (i) => 1 + ((i * 7919) % 1000));
  const b = await seededEvent('bench every rank', everyone, endsAt, (i) => 1 + ((i * 104_729) % 5000));
  now = endsAt + SETTLE_GRACE_MS;
  for (const [label, id] of [
    ['top 100 paid', a],
    [`all ${ENTRANTS} paid`, b],
  ] as const) {
    const t0 = performance.now();
    const result = await settleEvent({ database, clock }, id);
    const took = performance.now() - t0;
    console.log(`settlement (${ENTRANTS} entrants, ${label}): ${ms(took)} (${result?.winners ?? 0} winners)`);
  }

  // 2. Fan-out of live ranks: every socket's player is at 5; the roller passes them all with one roll.
  const roller = users[users.length - 1]!; // the latest to reach 5: last of the tie
  const rollerAuth = { authorization: `Bearer ${app.signToken('player', roller, 0)}` };
  await database.write(async (tx) => {
    const state = await lockGameState(tx, roller, now);
    await postLedgerTx(tx, roller, [{ asset: 'DICE', amount: 10, type: 'purchase', reason: 'bench' }], now, {}, state);
  });
  // A first roll before the event: its first-roll achievement (a feed pushed to every socket) is not timed.
  await app.inject({ method: 'POST', url: '/api/game/roll', headers: rollerAuth, payload: {} });
  const liveEnd = now + 60 * MIN;
  const live = await seededEvent('bench live', [], liveEnd, () => 5);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const wsUrl = `${address.replace('http', 'ws')}/api/ws`;
  const listeners = users.slice(0, Math.min(SOCKETS, users.length - 1));
  const got = new Map<number, number>();
  let sentAt = 0;
  let resolveAll!: () => void;
  const allGot = new Promise<void>((resolve) => (resolveAll = resolve));
  const sockets = await Promise.all(
    listeners.map(
      (userId) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(wsUrl);
          ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: app.signToken('player', userId, 0) })));
          ws.on('message', (raw) => {
            const message = JSON.parse(raw.toString()) as { type: string; data: { eventId?: number } };
            if (message.type === 'ready') resolve(ws);
            if (message.type === 'eventRank' && message.data.eventId === live && sentAt > 0 && !got.has(userId)) {
              got.set(userId, performance.now() - sentAt);
              if (got.size === listeners.length) resolveAll();
            }
          });
          ws.on('error', reject);
        }),
    ),
  );
  // The connections' own work (presence to friends, first views) settles before the timed roll.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  sentAt = performance.now();
  const roll = await app.inject({
    method: 'POST',
    url: '/api/game/roll',
    headers: rollerAuth,
    payload: {},
  });
  if (roll.statusCode !== 200) throw new Error(`roll failed: ${roll.statusCode} ${roll.body}`);
  const rollMs = performance.now() - sentAt;
  await Promise.race([allGot, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  const latencies = [...got.values()].sort((x, y) => x - y);
  console.log(
    `rank fan-out (${ENTRANTS} entrants, ${listeners.length} sockets, roll answered in ${ms(rollMs)}): ` +
      `${latencies.length}/${listeners.length} pushed; p50 ${ms(quantile(latencies, 0.5))}, ` +
      `p99 ${ms(quantile(latencies, 0.99))}, max ${ms(latencies.at(-1) ?? 0)}`,
  );
  for (const ws of sockets) ws.terminate();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (latencies.length !== listeners.length) process.exitCode = 1;
}

await main();
