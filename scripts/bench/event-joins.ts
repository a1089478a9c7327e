// npm run bench:joins [-- --joiners=1000 --concurrency=40 --rollers=10]: the latency of joining a live
// event while many join at once and others roll.
//
// In process (server/src through tsx) on a throwaway PostgreSQL 15 cluster (scripts/lib/postgres.mjs),
// or on DATABASE_URL when it is set (an empty database: the script migrates it and leaves its rows).
// --joiners players join one uncapped live event and, in a second round, one capped at half of them,
// --concurrency joins at a time through app.inject, while --rollers other players roll without a
// pause. Prints the join latency (p50, p99, max) of each round, and checks the cap: exactly `cap`
// joins succeed and the rest answer 409 EVENT_FULL.
//
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/src/app.js';
import { defaultAuthRateLimit, defaultSiteConfig, type AppConfig } from '../../server/src/settings/index.js';
import { connectDatabase } from '../../server/src/db/client.js';
import { sql } from '../../server/src/db/sql.js';
import { lockGameState, postLedgerTx } from '../../server/src/modules/ledger/index.js';
import { startPostgres } from '../lib/postgres.mjs';

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split('=')[1]) : fallback;
};
const JOINERS = option('joiners', 1_000);
const CONCURRENCY = option('concurrency', 40);
const ROLLERS = option('rollers', 10);
const MIN = 60_000;

const addUser = sql<{ name: string; now: number }, { id: number }>(
  `INSERT INTO users (username, email, password_hash, created_at) VALUES (:name, :name || '@bench.test', 'x', :now)
   RETURNING id`,
);
const addEvent = sql<
  { name: string; startsAt: number; endsAt: number; cap: number | null; now: number },
  { id: number }
>(
  `INSERT INTO live_events (round, name, metric, starts_at, ends_at, max_entrants, prizes, status, entrants,
     created_at, updated_at)
   VALUES (1, :name, 'rolls', :startsAt, :endsAt, :cap, '[]', 'scheduled', 0, :now, :now) RETURNING id`,
);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (t: number) => `${t.toFixed(0)} ms`;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-bench-joins-'));
  const cluster = process.env.DATABASE_URL ? null : await startPostgres();
  const url = process.env.DATABASE_URL ?? cluster!.url;
  const database = await connectDatabase({ url, file: join(dataDir, 'bench.sqlite'), poolMax: 40 });
  const now = Date.now();
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
    eventsSweepMs: 3_600_000,
  };
  const app = await buildApp({ config, database });
  await app.ready();

  const users: number[] = await database.write(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < JOINERS + ROLLERS; i += 1) ids.push((await tx.get(addUser, { name: `joiner${i}`, now }))!.id);
    return ids;
  });
  const joiners = users.slice(0, JOINERS);
  const rollers = users.slice(JOINERS);
  for (const id of rollers) {
    await database.write(async (tx) => {
      const state = await lockGameState(tx, id, now);
      await postLedgerTx(
        tx,
        id,
        [{ asset: 'DICE', amount: 1_000_000, type: 'purchase', reason: 'bench' }],
        now,
        {},
        state,
      );
    });
  }
  const auth = (id: number) => ({ authorization: `Bearer ${app.signToken('player', id, 0)}` });

  // Rollers roll without a pause for as long as the joins run: the mixed load.
  let rolling = true;
  let rolls = 0;
  const rollLoops = rollers.map(async (id) => {
    const headers = auth(id);
    while (rolling) {
      const res = await app.inject({ method: 'POST', url: '/api/game/roll', headers, payload: {} });
      if (res.statusCode === 200) rolls += 1;
    }
  });

  async function round(label: string, cap: number | null) {
    const eventId = await database.write(
      async (tx) =>
        (await tx.get(addEvent, { name: label, startsAt: now - MIN, endsAt: now + 600 * MIN, cap, now }))!.id,
    );
    const queue = [...joiners];
    const latencies: number[] = [];
    const outcomes = new Map<string, number>();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const start = performance.now();
          const res = await app.inject({ method: 'POST', url: `/api/events/${eventId}/join`, headers: auth(id) });
          latencies.push(performance.now() - start);
          const key = res.statusCode === 200 ? '200' : `${res.statusCode} ${res.json().error?.code}`;
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        }
      }),
    );
    const took = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const event = await app.inject({ method: 'GET', url: `/api/events`, headers: auth(joiners[0]!) });
    const entrants = (event.json().data.events as Array<{ id: number; entrants: number }>).find(
      (e) => e.id === eventId,
    )?.entrants;
    console.log(
      `${label}: ${joiners.length} joins, ${CONCURRENCY} at a time, in ${took.toFixed(1)} s; ` +
        `p50 ${ms(quantile(latencies, 0.5))}, p99 ${ms(quantile(latencies, 0.99))}, max ${ms(latencies.at(-1)!)}; ` +
        `answers ${JSON.stringify(Object.fromEntries(outcomes))}; entrants shown ${entrants}`,
    );
    if (cap !== null && (outcomes.get('200') !== cap || entrants !== cap)) {
      console.error(`the cap did not hold: ${outcomes.get('200')} joined, ${entrants} shown, cap ${cap}`);
      process.exitCode = 1;
    }
  }

  console.log(`engine: ${database.engine}; ${ROLLERS} players rolling meanwhile`);
  await round('uncapped event', null);
  await round('capped event', Math.floor(JOINERS / 2));
  rolling = false;
  await Promise.all(rollLoops);
  console.log(`rolls answered meanwhile: ${rolls}`);
  await app.close();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
