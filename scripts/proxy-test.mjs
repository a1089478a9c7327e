// The production path behind a real proxy: a throwaway PostgreSQL, `npm run db:migrate` once, two
// built instances started as `npm run serve` starts them (NODE_ENV=production, CLUSTER=1, TRUST_PROXY
// naming nginx, one DATABASE_URL and one JWT_SECRET) and Debian's nginx with deploy/nginx-site.conf
// (only its ports rendered). It checks, through nginx:
//   1. a WebSocket upgrades and receives an event caused by a request on the other instance;
//   2. the audit log holds the client's own address (a client on 127.0.0.2 that also sends a forged
//      X-Forwarded-For), never nginx's 127.0.0.1 nor the forged one;
//   3. a rolling restart under a steady stream of rolls: SIGTERM A (its /api/ready answers 503 while
//      it still serves), start it again, then B; no roll may fail. Counts, p50/p99 and drain times;
//   4. with the database down, the app's 503 reaches the client as the JSON envelope (never nginx's
//      HTML "no live upstreams"), and with both instances down nginx answers the same envelope.
// Exits 1 with every failed check listed. `PROXY_TEST_PORT=N` uses ports N (nginx), N+1 and N+2.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { request, sample } from './lib/http.mjs';
import { ensureDebianPackages } from './lib/debian-packages.mjs';
import { startNginx } from './lib/nginx.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { startNode } from './lib/processes.mjs';
import { openProjectDb } from './lib/project-db.mjs';
import { freePort, log, root } from './lib/project.mjs';
import { allInstancesDown, databaseDown, isUnavailableEnvelope } from './lib/proxy-faults.mjs';

const PLAYERS = 16;
/** The rules' roll cooldown is 1 s per player; each player rolls again this long after its answer. */
const ROLL_GAP_MS = 1_050;
const ADMIN = { username: 'proxyops', password: 'proxy-test-passphrase' };
const CLIENT_ADDRESS = '127.0.0.2';
const FORGED = '203.0.113.7';

/** @type {string[]} */
const failures = [];
/** @param {boolean} ok @param {string} what */
function check(ok, what) {
  log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `probe` answers true (polled every 50 ms); false after `ms`.
 * @param {() => Promise<boolean>} probe @param {number} ms
 */
async function until(probe, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return true;
    await sleep(50);
  }
  return false;
}

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/**
 * The run stage's ENTRYPOINT and CMD of deploy/Dockerfile, with `node` as this Node: the command the
 * container starts, run here on the host (no Docker daemon in the test machine).
 */
function imageCommand() {
  const text = readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8');
  /** @param {string} keyword @returns {string[]} */
  const last = (keyword) => {
    const found = [...text.matchAll(new RegExp(`^${keyword}\\s+(\\[.*\\])\\s*$`, 'gm'))].at(-1)?.[1];
    if (!found) throw new Error(`deploy/Dockerfile has no ${keyword} in exec form (a JSON array)`);
    return JSON.parse(found);
  };
  return [...last('ENTRYPOINT'), ...last('CMD')].map((arg) => (arg === 'node' ? process.execPath : arg));
}

/** @returns {Promise<[number, number, number]>} */
async function ports() {
  const base = Number(process.env.PROXY_TEST_PORT);
  if (base) return [base, base + 1, base + 2];
  return [await freePort(), await freePort(), await freePort()];
}

async function main() {
  ensureDebianPackages(['nginx', 'tini'], log);
  const started = Date.now();
  const cluster = await startPostgres({ log });
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-proxy-'));
  const [nginxPort, portA, portB] = await ports();
  const jwtSecret = `proxy-test-${'s'.repeat(48)}`;
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: cluster.url,
    JWT_SECRET: jwtSecret,
    CLUSTER: '1',
    TRUST_PROXY: '127.0.0.1',
    MIGRATE_ON_START: 'off',
    PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
    LOG_LEVEL: process.env.PROXY_TEST_LOGS ? 'info' : 'warn',
    ADMIN_REQUIRE_2FA: 'false',
    // The test signs a dozen players up from one address.
    SIGNUPS_PER_IP_PER_HOUR: '0',
    // Load shedding measures the machine: on a shared test machine the event loop lags for reasons
    // of its own, and a shed request is an answer, not a lost one (server/test/front-door.test.ts
    // tests shedding). Here the drain alone is under test.
    LOAD_SHED_MAX_EVENT_LOOP_DELAY_MS: '0',
  };
  for (const name of [
    'GOGO_TEST_SEED',
    'GOGO_BENCH_NO_COOLDOWN',
    'GOGO_FAST_PASSWORD_HASH',
    'GOGO_TEST_ROLL_COOLDOWN_MS',
  ]) {
    delete env[name];
  }
  /**
   * Instance A runs the Docker image's start command (tini handing SIGTERM to node), B `npm run serve`'s.
   * @param {string} name @param {number} port @param {NodeJS.ProcessEnv} [extra]
   */
  const serve = (name, port, extra = {}) =>
    startNode({
      name,
      args: [join(root, 'scripts', 'serve.mjs')],
      ...(name === 'A' ? { command: imageCommand() } : {}),
      // tini is no PID 1 here: as a subreaper it still reaps what its child leaves.
      env: { ...env, DATA_DIR: join(dataDir, name), TINI_SUBREAPER: '1', ...extra },
      healthPath: '/api/ready',
      port,
      // A start on a busy shared machine has taken 50 s.
      timeoutMs: 120_000,
      // PROXY_TEST_LOGS=1 shows the instances' warnings and errors.
      quiet: !process.env.PROXY_TEST_LOGS,
    });
  /** @type {Awaited<ReturnType<typeof startNginx>> | null} */
  let nginx = null;
  /** @type {Record<string, import('./lib/processes.mjs').ServerProcess>} */
  const instances = {};
  try {
    const migrate = spawnSync(process.execPath, [join(root, 'scripts', 'db-migrate.mjs')], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (migrate.status !== 0) throw new Error(`npm run db:migrate failed:\n${migrate.stdout}${migrate.stderr}`);
    // Side by side: the schema is migrated already, and only A creates the first admin.
    [instances.A, instances.B] = await Promise.all([
      serve('A', portA, { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }),
      serve('B', portB),
    ]);
    nginx = await startNginx({ listen: nginxPort, upstreams: [portA, portB] });
    log(
      `proxy test: nginx :${nginxPort} → A :${portA}, B :${portB} on PostgreSQL (${((Date.now() - started) / 1000).toFixed(1)} s to start)`,
    );
    const proxy = nginx.base;
    const direct = { A: instances.A.base, B: instances.B.base };

    const players = await signUp(proxy);
    const first = /** @type {{ id: number, token: string }} */ (players[0]);
    const db = openProjectDb({ dataDir, databaseUrl: cluster.url });
    try {
      await db.grant('DICE', 5000);
    } finally {
      await db.close();
    }
    const admin = await request('POST', `${direct.A}/api/admin/login`, { body: ADMIN });
    const adminToken = admin.json?.data?.token;
    if (!adminToken) throw new Error(`admin login: ${admin.status} ${admin.text}`);
    const asAdmin = { authorization: `Bearer ${adminToken}` };

    await socketThroughProxy(proxy, direct, first, asAdmin);
    await clientAddress(proxy, direct, first, asAdmin);
    await rollingRestart(proxy, players, instances, serve, () => nginx?.errorLog() ?? '');
    await databaseDown(proxy, cluster, first, check);
    await allInstancesDown(proxy, instances, check);
  } finally {
    await Promise.all(Object.values(instances).map((i) => i.stop()));
    if (failures.length && nginx) process.stderr.write(`nginx error log:\n${nginx.errorLog()}\n`);
    await nginx?.stop();
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(
    `proxy test: ${failures.length ? `${failures.length} check(s) failed` : 'all checks passed'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (failures.length) {
    console.error(`✗ ${failures.join('\n✗ ')}`);
    process.exit(1);
  }
}

/**
 * Players signed up through the proxy, four at a time (each sign-up hashes at the production cost).
 * @param {string} proxy
 */
async function signUp(proxy) {
  /** @type {{ id: number, token: string }[]} */
  const players = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < PLAYERS; i = next++) {
      const username = `proxy_${i}`;
      const res = await request('POST', `${proxy}/api/auth/register`, {
        body: { username, email: `${username}@proxy.invalid`, password: 'proxy-pass-12' },
      });
      if (res.status !== 201) throw new Error(`register ${username} through nginx: ${res.status} ${res.text}`);
      players.push({ id: res.json.data.user.id, token: res.json.data.token });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  // The first signed up (lowest id) is the one the socket and address checks use.
  return players.sort((a, b) => a.id - b.id);
}

/** @param {string} base */
const scrape = async (base) => (await request('GET', `${base}/metrics`)).text;

/**
 * 1. A socket through nginx, and a grant made directly on the instance that does not hold it.
 * @param {string} proxy @param {{A: string, B: string}} direct @param {{id: number, token: string}} player
 * @param {Record<string, string>} asAdmin
 */
async function socketThroughProxy(proxy, direct, player, asAdmin) {
  log('WebSocket through nginx');
  const socket = new WebSocket(`${proxy.replace('http', 'ws')}/api/ws`);
  /** @type {any[]} */
  const messages = [];
  /** @type {Array<() => void>} */
  const waiters = [];
  socket.on('message', (data) => {
    messages.push(JSON.parse(String(data)));
    for (const wake of waiters.splice(0)) wake();
  });
  /** @param {(m: any) => boolean} match */
  const next = (match, ms = 5_000) =>
    new Promise((resolve) => {
      const deadline = setTimeout(() => resolve(null), ms);
      const look = () => {
        const found = messages.find(match);
        if (found) {
          clearTimeout(deadline);
          resolve(found);
        } else waiters.push(look);
      };
      look();
    });
  const opened = await new Promise((resolve) => {
    socket.once('open', () => resolve(true));
    socket.once('error', () => resolve(false));
  });
  check(opened === true, 'the socket upgrades through nginx (101)');
  if (!opened) return;
  socket.send(JSON.stringify({ type: 'auth', token: player.token }));
  check((await next((m) => m.type === 'ready')) !== null, 'the socket authenticates through nginx');
  const holders = [];
  for (const name of /** @type {const} */ (['A', 'B'])) {
    if (sample(await scrape(direct[name]), 'gogo_realtime_sockets{role="player"}') === 1) holders.push(name);
  }
  check(
    holders.length === 1,
    `exactly one instance holds the socket (gogo_realtime_sockets: ${holders.join(', ') || 'none'})`,
  );
  const other = holders[0] === 'A' ? 'B' : 'A';
  const before = messages.length;
  const grant = await request('POST', `${direct[other]}/api/credits/grant`, {
    headers: asAdmin,
    body: { userId: player.id, amount: 7, note: 'proxy test: socket event' },
  });
  check(grant.status === 200, `a grant on instance ${other} (not the socket's) answers 200`);
  const pushed = await next((m) => m.type === 'state' && messages.indexOf(m) >= before);
  check(pushed !== null, `the socket on instance ${holders[0]} receives the state pushed by instance ${other}'s grant`);
  socket.close();
}

/**
 * 2. A grant through nginx from 127.0.0.2 with a forged X-Forwarded-For: the audit row names 127.0.0.2.
 * @param {string} proxy @param {{A: string, B: string}} direct @param {{id: number}} player
 * @param {Record<string, string>} asAdmin
 */
async function clientAddress(proxy, direct, player, asAdmin) {
  log(`The client address (${CLIENT_ADDRESS}, forging X-Forwarded-For: ${FORGED}) in the audit log`);
  const grant = await request('POST', `${proxy}/api/credits/grant`, {
    headers: { ...asAdmin, 'x-forwarded-for': FORGED, 'x-real-ip': FORGED },
    body: { userId: player.id, amount: 3, note: 'proxy test: client address' },
    localAddress: CLIENT_ADDRESS,
  });
  check(grant.status === 200, 'the grant through nginx answers 200');
  const audit = await request('GET', `${direct.B}/api/admin/audit-log?action=grant_credits`, { headers: asAdmin });
  // Newest first: the grant just made through nginx.
  const ip = audit.json?.data?.entries?.[0]?.ip;
  if (ip === undefined) log(`  audit log answer: ${audit.status} ${audit.text.slice(0, 300)}`);
  check(
    ip === CLIENT_ADDRESS,
    `the audit row holds the client's ${CLIENT_ADDRESS} (got ${ip}; not nginx's 127.0.0.1, not the forged ${FORGED})`,
  );
}

/**
 * The mixed load of the rolling restart, over `CONNECTIONS` keep-alive connections to nginx: each
 * player rolls (with a requestId) once its cooldown allows, and the other workers upgrade a property
 * (with a requestId), join the live event, log in and read the game state. A failure is a request
 * with no answer, a 5xx, or an answer outside the JSON envelope; a roll must answer 200.
 */
const CONNECTIONS = 40;
/** @typedef {{ kind: string, gapMs: number, send: (player: {id: number, token: string}, i: number) => Promise<import('./lib/http.mjs').Answer> }} Work */

/**
 * @param {string} proxy @param {{id: number, token: string}[]} players @param {http.Agent} agent
 * @param {number | null} eventId
 * @returns {Work[]}
 */
function mixedLoad(proxy, players, agent, eventId) {
  const as = (/** @type {{token: string}} */ p) => ({ authorization: `Bearer ${p.token}` });
  /** @type {Work} */
  const roll = {
    kind: 'roll',
    gapMs: ROLL_GAP_MS,
    send: (p) =>
      request('POST', `${proxy}/api/game/roll`, { headers: as(p), body: { requestId: randomUUID() }, agent }),
  };
  /** @type {Work} */
  const upgrade = {
    kind: 'upgrade',
    gapMs: 1_000,
    send: (p, i) =>
      request('POST', `${proxy}/api/board/properties/${1 + (i % 20)}/upgrade`, {
        headers: as(p),
        body: { requestId: randomUUID() },
        agent,
      }),
  };
  /** @type {Work} */
  const join = {
    kind: 'join',
    // Every joiner joins the one live event (each join takes the event's row lock): now and then, as
    // players do, not a lock contest.
    gapMs: 2_000,
    send: (p) => request('POST', `${proxy}/api/events/${eventId ?? 1}/join`, { headers: as(p), body: {}, agent }),
  };
  /** @type {Work} */
  const login = {
    kind: 'login',
    // Each login hashes at the production cost: a few per second.
    gapMs: 2_000,
    send: (p) =>
      request('POST', `${proxy}/api/auth/login`, {
        body: { email: `proxy_${players.indexOf(p)}@proxy.invalid`, password: 'proxy-pass-12' },
        agent,
      }),
  };
  /** @type {Work} */
  const read = {
    kind: 'state',
    gapMs: 500,
    send: (p) => request('GET', `${proxy}/api/game-state/state`, { headers: as(p), agent }),
  };
  const rest = [...Array(8).fill(upgrade), ...Array(4).fill(join), ...Array(4).fill(login), ...Array(8).fill(read)];
  return [...players.map(() => roll), ...rest].slice(0, CONNECTIONS);
}

/**
 * 3. A mixed load through nginx without pause while A, then B, are stopped (SIGTERM) and started again.
 * @param {string} proxy @param {{id: number, token: string}[]} players
 * @param {Record<string, import('./lib/processes.mjs').ServerProcess>} instances
 * @param {(name: string, port: number) => Promise<import('./lib/processes.mjs').ServerProcess>} serve
 * @param {() => string} errorLog nginx's error log so far
 */
async function rollingRestart(proxy, players, instances, serve, errorLog) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const events = await request('GET', `${proxy}/api/events`, {
    headers: { authorization: `Bearer ${players[0]?.token}` },
  });
  const live = events.json?.data?.events?.find((/** @type {{status: string}} */ e) => e.status === 'live');
  check(live !== undefined, 'the house event is live (the joins have an event to join)');
  const work = mixedLoad(proxy, players, agent, live?.id ?? null);
  // Each joiner's first join (the one that takes the event's row lock and counts an entrant) before
  // the load, one at a time: under the load every join is a player joining again.
  for (const [i, w] of work.entries()) {
    if (w.kind !== 'join') continue;
    const first = await w.send(/** @type {{id: number, token: string}} */ (players[i % players.length]), i);
    if (first.status !== 200) throw new Error(`first join: ${first.status} ${first.text.slice(0, 160)}`);
  }
  log(`Rolling restart under a mixed load: ${work.length} keep-alive connections through nginx`);
  /** @type {number[]} */
  const latencies = [];
  /** @type {string[]} */
  const failed = [];
  /** @type {Record<string, Record<string, number>>} */
  const answers = {};
  let stopping = false;
  const worker = async (/** @type {Work} */ w, /** @type {number} */ i) => {
    const player = /** @type {{id: number, token: string}} */ (players[i % players.length]);
    const seen = (answers[w.kind] ??= {});
    while (!stopping) {
      const t0 = performance.now();
      try {
        const res = await w.send(player, i);
        latencies.push(performance.now() - t0);
        seen[res.status] = (seen[res.status] ?? 0) + 1;
        const envelope = typeof res.json?.success === 'boolean';
        if (res.status >= 500 || !envelope || (w.kind === 'roll' && res.status !== 200)) {
          failed.push(`${w.kind} ${res.status} ${res.text.slice(0, 160)}`);
        }
      } catch (err) {
        failed.push(`${w.kind} ${String(/** @type {Error} */ (err).message)}`);
      }
      await sleep(w.gapMs);
    }
  };
  const resetsBefore = countResets(errorLog());
  const load = Promise.all(work.map(worker));
  const loadStarted = performance.now();
  /** Until every roller has had one more answer (the load runs through both instances). */
  const aRoundOfRolls = () => {
    const rolls = () => Object.values(answers.roll ?? {}).reduce((a, b) => a + b, 0);
    const goal = rolls() + players.length;
    return until(async () => rolls() >= goal, 10_000);
  };
  /** @type {string[]} */
  const drains = [];
  try {
    check(await aRoundOfRolls(), 'the load runs through nginx before the restart');
    for (const name of ['A', 'B']) {
      const old = /** @type {import('./lib/processes.mjs').ServerProcess} */ (instances[name]);
      const port = Number(new URL(old.base).port);
      const t0 = performance.now();
      process.kill(/** @type {number} */ (old.pid), 'SIGTERM');
      // Draining: not ready (once the signal is handled), still serving.
      /** @type {import('./lib/http.mjs').Answer | null} */
      let ready = null;
      // On a busy machine the signal is handled late, and each probe is slow too.
      await until(async () => {
        ready = await request('GET', `${old.base}/api/ready`);
        return ready.status !== 200;
      }, 10_000);
      const health = await request('GET', `${old.base}/api/health`).catch(() => null);
      const notReady = /** @type {import('./lib/http.mjs').Answer | null} */ (ready);
      check(
        notReady !== null && isUnavailableEnvelope(notReady),
        `${name} answers /api/ready 503 (envelope) once SIGTERM is handled (got ${notReady?.status})`,
      );
      check(health?.status === 200, `${name} still serves (/api/health 200) while draining`);
      const code = await /** @type {import('./lib/processes.mjs').ServerProcess} */ (old).exited;
      const drainMs = performance.now() - t0;
      drains.push(`${name} ${(drainMs / 1000).toFixed(2)} s`);
      check(code === 0, `${name} exits 0 after its drain (${(drainMs / 1000).toFixed(2)} s)`);
      const t1 = performance.now();
      const fresh = await serve(name, port);
      instances[name] = fresh;
      log(`  ${name} ready again ${((performance.now() - t1) / 1000).toFixed(2)} s after its exit`);
      // Back in nginx's rotation: the new process has answered rolls that came through nginx.
      const back = await until(async () => sample(await scrape(fresh.base), 'gogo_rolls_served_total') > 0, 15_000);
      check(back, `${name} serves rolls through nginx again after its restart`);
    }
    check(await aRoundOfRolls(), 'the load runs on through both restarted instances');
  } finally {
    stopping = true;
    await load;
    agent.destroy();
  }
  const seconds = (performance.now() - loadStarted) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  const mix = Object.entries(answers)
    .map(
      ([kind, statuses]) =>
        `${kind} ${Object.entries(statuses)
          .map(([st, n]) => `${n}×${st}`)
          .join('/')}`,
    )
    .join(', ');
  const resets = countResets(errorLog()) - resetsBefore;
  log(
    `  ${latencies.length} requests in ${seconds.toFixed(1)} s, ${failed.length} failed (${mix}); ` +
      `p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, ` +
      `max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; drains: ${drains.join(', ')}; upstream resets nginx retried: ${resets}`,
  );
  check(latencies.length >= work.length * 5, `the load ran (${latencies.length} requests)`);
  check(
    failed.length === 0,
    `no request failed during the rolling restart${failed.length ? `: ${[...new Set(failed)].slice(0, 3).join(' | ')}` : ''}`,
  );
}

/** Upstream connections reset under a sent request, as nginx's error log tells them. @param {string} text */
const countResets = (text) => (text.match(/Connection reset by peer|prematurely closed/g) ?? []).length;

await main();
