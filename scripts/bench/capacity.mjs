// npm run bench:capacity [-- --players=100000 --sockets=10000 --entrants=10000 --rollers=200
//   --connections=20 --duration=20 --logins=40]: the figures behind the capacity model of
// docs/scaling.md, on a throwaway PostgreSQL 15 cluster with two instances of the built server.
//
//   1. --players accounts straight in the database (one real sign-up's password hash copied to all,
//      so each can log in); the first --rollers get a game state and dice through ledger rows;
//   2. per login: --logins POST /api/auth/login, 4 at a time, on instance A: the instance's and the
//      cluster's CPU per login;
//   3. per socket: --sockets authenticated sockets, half on each instance: RSS per socket and the
//      instances' CPU per socket and second while they sit idle;
//   4. a live event with --entrants entrants (from the accounts, random scores) that ends a few
//      seconds into a roll load on both instances (--connections, --duration s): the instances'
//      sweepers settle it (one transaction: prizes, ledger rows, next round) while the rolls go on.
//      Roll p50/p99 before and during the settlement, the settlement's time (ends_at to settled_at
//      past the grace), and the cluster's CPU and WAL per roll.
// Not part of npm test. Exit 1 when the event is not settled or a roll fails.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged, log } from '../lib/project.mjs';
import { numberOption } from '../lib/number-option.mjs';
import { registerPlayers, rssMiB, startProject, treeCpuSeconds } from '../lib/processes.mjs';
import { measure } from './load.mjs';
import { createDatabase } from './targets.mjs';

const settings = {
  players: numberOption('players', 100_000),
  sockets: numberOption('sockets', 10_000),
  entrants: numberOption('entrants', 10_000),
  rollers: numberOption('rollers', 200),
  connections: numberOption('connections', 20),
  duration: numberOption('duration', 20),
  logins: numberOption('logins', 40),
};

const b64 = (/** @type {object} */ value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An HS256 token with the claims the server signs (sub, role, tv, iat, exp). @param {string} secret @param {number} sub */
function sign(secret, sub) {
  const iat = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(sub), role: 'player', tv: 0, iat, exp: iat + 7200 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** CPU seconds of some processes and their children. @param {(number | undefined)[]} pids @returns {number} */
const cpuOf = (pids) => {
  let sum = 0;
  for (const pid of pids) sum += (pid ? treeCpuSeconds(pid) : 0) ?? 0;
  return sum;
};

async function main() {
  buildIfChanged({ only: ['server'] });
  const pg = (await import('pg')).default;
  const WebSocket = (await import('ws')).default;
  const { startPostgres } = await import('../lib/postgres.mjs');
  const cluster = await startPostgres({ log });
  const url = await createDatabase(cluster.url, 'gogo_capacity');
  const secret = randomBytes(48).toString('base64url');
  const dirs = [mkdtempSync(join(tmpdir(), 'gogo-cap-a-')), mkdtempSync(join(tmpdir(), 'gogo-cap-b-'))];
  /** @type {import('../lib/processes.mjs').ServerProcess[]} */
  const servers = [];
  /** @type {import('ws').WebSocket[]} */
  const sockets = [];
  const db = new pg.Client({ connectionString: url });
  let failed = false;
  try {
    for (const [i, dataDir] of dirs.entries()) {
      servers.push(
        await startProject({
          name: i === 0 ? 'A' : 'B',
          dataDir,
          databaseUrl: url,
          jwtSecret: secret,
          extraEnv: { EVENTS_SWEEP_MS: '250', HOUSE_EVENT: 'off', DATABASE_POOL_MAX: '10' },
        }),
      );
    }
    const [a, b] =
      /** @type {[import('../lib/processes.mjs').ServerProcess, import('../lib/processes.mjs').ServerProcess]} */ (
        servers
      );
    await db.connect();
    const real = await registerPlayers(a.base, 1, 'capacity');
    const started = Date.now();
    const now = Date.now();
    await db.query(
      `INSERT INTO users (username, email, password_hash, created_at, last_login, last_seen)
       SELECT 'cap_' || i, 'cap_' || i || '@bench.invalid', (SELECT password_hash FROM users WHERE id = $1), $2, $2, $2
       FROM generate_series(1, $3) AS i`,
      [real[0]?.id, now, settings.players - 1],
    );
    const ids = (await db.query('SELECT id FROM users ORDER BY id')).rows.map((r) => Number(r.id));
    const rollers = ids.slice(0, settings.rollers);
    // Every account has played (a game state), the rollers hold dice.
    await db.query(
      `INSERT INTO game_states (user_id, balance, dice_rolls_remaining, created_at, updated_at)
       SELECT id, 0, 0, $1, $1 FROM users ON CONFLICT (user_id) DO NOTHING`,
      [now],
    );
    await db.query(
      'UPDATE game_states SET dice_rolls_remaining = dice_rolls_remaining + 100000 WHERE user_id = ANY($1::bigint[])',
      [rollers],
    );
    await db.query(
      `INSERT INTO ledger_entries (user_id, asset, amount, type, reason, balance_after, created_at)
       SELECT user_id, 'DICE', 100000, 'purchase', 'bench_grant', dice_rolls_remaining, $2
       FROM game_states WHERE user_id = ANY($1::bigint[])`,
      [rollers, now],
    );
    await db.query('ANALYZE');
    log(`${ids.length} accounts, ${rollers.length} with dice, in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // ── Per login ─────────────────────────────────────────────────────────────────────────────
    const pgPid = cluster.serverPid() ?? undefined;
    let next = 0;
    const loginStart = { app: cpuOf([a.pid]), db: cpuOf([pgPid]), at: performance.now() };
    /** @type {number[]} */
    const loginTimes = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < settings.logins) {
          const i = next++;
          const email = i === 0 ? 'capacity_0@bench.invalid' : `cap_${i}@bench.invalid`;
          const t0 = performance.now();
          const res = await fetch(`${a.base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email, password: 'bench-pass-1' }),
          });
          loginTimes.push(performance.now() - t0);
          if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
        }
      }),
    );
    const perLogin = {
      appCpuMs: ((cpuOf([a.pid]) - loginStart.app) * 1000) / settings.logins,
      dbCpuMs: ((cpuOf([pgPid]) - loginStart.db) * 1000) / settings.logins,
      p50Ms: loginTimes.sort((x, y) => x - y)[Math.floor(loginTimes.length / 2)],
    };
    log(`login: ${perLogin.appCpuMs.toFixed(1)} ms app CPU, ${perLogin.dbCpuMs.toFixed(2)} ms PG CPU each`);

    // ── Per socket ────────────────────────────────────────────────────────────────────────────
    const rssBefore = [rssMiB(a.pid), rssMiB(b.pid)];
    let refused = 0;
    let at = 0;
    const targets = ids.slice(0, settings.sockets);
    await Promise.all(
      Array.from({ length: 100 }, async () => {
        while (at < targets.length) {
          const i = at++;
          const server = i % 2 === 0 ? a : b;
          await new Promise((resolve) => {
            const ws = new WebSocket(`${server.base.replace('http', 'ws')}/api/ws`);
            sockets.push(ws);
            ws.on('open', () =>
              ws.send(JSON.stringify({ type: 'auth', token: sign(secret, /** @type {number} */ (targets[i])) })),
            );
            ws.on('message', (data) => {
              if (JSON.parse(data.toString()).type === 'ready') resolve(undefined);
            });
            ws.on('error', () => undefined);
            ws.on('close', () => {
              refused += 1;
              resolve(undefined);
            });
          });
        }
      }),
    );
    await sleep(2000);
    const rssAfter = [rssMiB(a.pid), rssMiB(b.pid)];
    const idle0 = cpuOf([a.pid, b.pid]);
    await sleep(10_000);
    const idleCpuS = cpuOf([a.pid, b.pid]) - idle0;
    const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    const perSocket = {
      open,
      refused,
      rssKiB:
        (((rssAfter[0] ?? 0) + (rssAfter[1] ?? 0) - (rssBefore[0] ?? 0) - (rssBefore[1] ?? 0)) * 1024) /
        Math.max(1, open),
      idleCpuUsPerS: (idleCpuS * 1e6) / 10 / Math.max(1, open),
    };
    log(`sockets: ${open} open (${refused} refused), ${perSocket.rssKiB.toFixed(1)} KiB each`);

    // ── A tournament settling while rolls go on ────────────────────────────────────────────────
    const endsAt = Date.now() + 8_000;
    const prizes = JSON.stringify([{ fromRank: 1, toRank: 100, gogo: 10, dice: 1 }]);
    const event = await db.query(
      `WITH e AS (INSERT INTO live_events (round, name, metric, starts_at, ends_at, prizes, status, entrants, created_at, updated_at)
         VALUES (1, 'capacity', 'rolls', $1, $2, $3, 'scheduled', $4, $1, $1) RETURNING id)
       INSERT INTO event_entries (event_id, user_id, score, reached_at, joined_at)
       SELECT e.id, u.id, (random() * 1000)::bigint, $1, $1 FROM e, (SELECT id FROM users ORDER BY id LIMIT $4) u
       RETURNING event_id`,
      [Date.now() - 60_000, endsAt, prizes, settings.entrants],
    );
    const eventId = Number(event.rows[0]?.event_id);
    const tokens = rollers.map((id) => sign(secret, id));
    const target = { name: 'capacity', servers, tokens };
    const walBefore = Number(
      (await db.query("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS n")).rows[0].n,
    );
    const databaseCpu = () => (pgPid ? treeCpuSeconds(pgPid) : null);
    const before = await measure(target, { connections: settings.connections, duration: 6, databaseCpu });
    const during = measure(target, { connections: settings.connections, duration: settings.duration, databaseCpu });
    let settledAt = null;
    for (let waited = 0; waited < (settings.duration + 30) * 1000 && settledAt === null; waited += 100) {
      const row = (await db.query('SELECT settled_at FROM live_events WHERE id = $1', [eventId])).rows[0];
      if (row?.settled_at) settledAt = Number(row.settled_at);
      else await sleep(100);
    }
    const loaded = await during;
    const walAfter = Number(
      (await db.query("SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text AS n")).rows[0].n,
    );
    const rolls = before.answered + loaded.answered;
    const prizesPaid = Number(
      (await db.query('SELECT count(*) AS n FROM event_prizes WHERE event_id = $1', [eventId])).rows[0].n,
    );
    if (settledAt === null) failed = true;
    if (before.errors + loaded.errors > 0) failed = true;

    console.log('');
    console.log(
      `  capacity run: ${ids.length} accounts, ${open} sockets on 2 instances, ${settings.entrants} entrants; load average ${loadavg()[0]?.toFixed(1)}`,
    );
    console.log(
      `  per login      ${perLogin.appCpuMs.toFixed(1)} ms instance CPU, ${perLogin.dbCpuMs.toFixed(2)} ms PG CPU, p50 ${perLogin.p50Ms?.toFixed(0)} ms`,
    );
    console.log(
      `  per socket     ${perSocket.rssKiB.toFixed(1)} KiB RSS, ${perSocket.idleCpuUsPerS.toFixed(2)} µs CPU a second idle (${refused} refused)`,
    );
    console.log(
      `  rolls before   ${before.rollsPerSecond} rolls/s, p50 ${before.latencyMs.p50} ms, p99 ${before.latencyMs.p99} ms; instances ${before.cpuUsPerRoll} µs/roll, PG ${before.dbCpuUsPerRoll} µs/roll`,
    );
    console.log(
      `  rolls during   ${loaded.rollsPerSecond} rolls/s, p50 ${loaded.latencyMs.p50} ms, p99 ${loaded.latencyMs.p99} ms, max ${loaded.latencyMs.max} ms; errors ${before.errors + loaded.errors}`,
    );
    console.log(
      `  settlement     ${settledAt === null ? 'NOT settled' : `${settledAt - endsAt} ms after the end (grace 1,000 ms included)`}; ${prizesPaid} prizes`,
    );
    console.log(
      `  WAL            ${Math.round((walAfter - walBefore) / Math.max(1, rolls))} B/roll over both loads (settlement included)`,
    );
    console.log('');
  } finally {
    for (const ws of sockets) ws.terminate();
    await db.end().catch(() => undefined);
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    cluster.stop();
  }
  if (failed) process.exit(1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
