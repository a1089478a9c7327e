// npm run test:kill9 [-- --db=postgres]: kill -9 of the server under load loses nothing it acknowledged.
//
// Starts the built server (server/dist/server.js) on a temporary SQLite database, or with
// --db=postgres on a throwaway PostgreSQL 15 cluster (scripts/lib/postgres.mjs) reached through a
// loopback proxy. Players roll and request withdrawals concurrently; mid-load the server gets SIGKILL
// and is started again on the same database, `--cycles` times. Then every acknowledged answer (200
// with its rollId, 201 with its transactionId) must be in the database as answered, a replay of an
// acknowledged roll's requestId must answer the same roll, and the ledger audit must hold: cached
// balances equal the ledger sums (drift 0), every roll spent its die and took its nonce, every
// withdrawal has its hold, nothing negative; so nothing unacknowledged is half-written.
// On PostgreSQL it also takes the database away (the proxy resets and refuses connections): requests
// must answer 503 SERVICE_UNAVAILABLE in the envelope, and the server must serve again, by itself,
// once the database is back. Bounded: exits 1 after --limit seconds (60). Exit 1 on any loss.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged, log } from '../lib/project.mjs';
import { registerPlayers, startProject } from '../lib/processes.mjs';
import { openProjectDb } from '../lib/project-db.mjs';
import { createDatabase } from '../bench/targets.mjs';
import { checkOutage } from './outage.mjs';

/** @param {string} name @param {string} fallback */
const flag = (name, fallback) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const engine = flag('db', 'sqlite');
if (engine !== 'sqlite' && engine !== 'postgres') throw new Error('--db must be sqlite or postgres');
const cycles = Number(flag('cycles', '2'));
const limitS = Number(flag('limit', '60'));
const PLAYERS = 8;
const WORKERS = 16;
const WITHDRAWAL = 100;

/** @typedef {{ rollId: number, userId: number, requestId: string, die: number, nonce: number }} AckedRoll */
/** @typedef {{ transactionId: number, userId: number, amount: number }} AckedWithdrawal */

/**
 * Rolls (4 in 5) and withdrawals (1 in 5) from `WORKERS` concurrent clients until `stop()` says so.
 * @param {() => string} base @param {{id: number, token: string}[]} players @param {() => boolean} stop
 */
async function load(base, players, stop) {
  /** @type {AckedRoll[]} */
  const rolls = [];
  /** @type {AckedWithdrawal[]} */
  const withdrawals = [];
  /** @type {Record<string, number>} */
  const outcomes = {};
  const count = (/** @type {string} */ key) => (outcomes[key] = (outcomes[key] ?? 0) + 1);
  const worker = async () => {
    while (!stop()) {
      const player = /** @type {{id: number, token: string}} */ (players[Math.floor(Math.random() * players.length)]);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${player.token}` };
      const isRoll = Math.random() < 0.8;
      const requestId = randomUUID();
      try {
        const res = await fetch(`${base()}${isRoll ? '/api/game/roll' : '/api/credits/withdrawal-request'}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(
            isRoll
              ? { requestId }
              : { amount: WITHDRAWAL, cryptoType: 'BTC', cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
          ),
          signal: AbortSignal.timeout(5000),
        });
        const body = /** @type {any} */ (await res.json());
        count(`${res.status}${body?.error?.code ? ` ${body.error.code}` : ''}`);
        if (isRoll && res.status === 200) {
          const { rollId, die, fairness } = body.data;
          rolls.push({ rollId, userId: player.id, requestId, die, nonce: fairness.nonce });
        }
        if (!isRoll && res.status === 201) {
          withdrawals.push({ transactionId: body.data.transactionId, userId: player.id, amount: body.data.amount });
        }
      } catch {
        count('no answer'); // the server died under the request: not acknowledged
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, worker));
  return { rolls, withdrawals, outcomes };
}

/**
 * Every acknowledged roll and withdrawal is stored as answered; answers the problems found.
 * @param {Awaited<ReturnType<typeof openProjectDb>>} db @param {AckedRoll[]} rolls @param {AckedWithdrawal[]} withdrawals
 */
async function findLosses(db, rolls, withdrawals) {
  /** @type {string[]} */
  const problems = [];
  const storedRolls = new Map((await db.rolls()).map((r) => [r.id, r]));
  for (const acked of rolls) {
    const stored = storedRolls.get(acked.rollId);
    if (!stored) problems.push(`acknowledged roll ${acked.rollId} is missing`);
    else if (stored.userId !== acked.userId || stored.requestId !== acked.requestId) {
      problems.push(
        `roll ${acked.rollId} belongs to ${stored.userId}/${stored.requestId}, answered to ${acked.userId}/${acked.requestId}`,
      );
    } else if (stored.die !== acked.die || stored.nonce !== acked.nonce) {
      problems.push(`roll ${acked.rollId} stored another answer than the one acknowledged`);
    }
  }
  const storedWithdrawals = new Map((await db.withdrawals()).map((w) => [w.id, w]));
  for (const acked of withdrawals) {
    const stored = storedWithdrawals.get(acked.transactionId);
    if (!stored) problems.push(`acknowledged withdrawal ${acked.transactionId} is missing`);
    else if (stored.userId !== acked.userId || stored.amount !== acked.amount) {
      problems.push(`withdrawal ${acked.transactionId} differs from its answer`);
    }
  }
  return problems;
}

/**
 * A sample of acknowledged rolls asked again with their requestId: the same roll, replayed.
 * @param {string} base @param {{id: number, token: string}[]} players @param {AckedRoll[]} rolls
 */
async function checkReplays(base, players, rolls) {
  /** @type {string[]} */
  const problems = [];
  for (const acked of rolls.slice(-10)) {
    const token = players.find((p) => p.id === acked.userId)?.token;
    const res = await fetch(`${base}/api/game/roll`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ requestId: acked.requestId }),
    });
    const body = /** @type {any} */ (await res.json());
    if (res.status !== 200 || body.data?.rollId !== acked.rollId || res.headers.get('x-roll-replayed') !== '1') {
      problems.push(`replay of roll ${acked.rollId} answered ${res.status} rollId ${body.data?.rollId}`);
    }
  }
  return problems;
}

async function main() {
  const started = Date.now();
  const deadline = setTimeout(() => {
    console.error(`kill9: FAILED, still running after ${limitS} s`);
    process.exit(1);
  }, limitS * 1000);
  deadline.unref();
  buildIfChanged({ only: ['server'] });
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-kill9-'));
  const jwtSecret = randomBytes(48).toString('base64url');
  /** @type {{ url: string, stop(): void } | null} */
  let cluster = null;
  /** @type {Awaited<ReturnType<typeof import('./proxy.mjs').startProxy>> | null} */
  let proxy = null;
  /** @type {import('../lib/processes.mjs').ServerProcess | null} */
  let server = null;
  /** @type {string[]} */
  const problems = [];
  try {
    /** @type {string | null} */
    let databaseUrl = null;
    /** @type {string | null} */
    let auditUrl = null;
    if (engine === 'postgres') {
      const { startPostgres } = await import('../lib/postgres.mjs');
      const { startProxy } = await import('./proxy.mjs');
      cluster = await startPostgres({ log });
      auditUrl = await createDatabase(cluster.url, 'gogo_kill9');
      const direct = new URL(auditUrl);
      proxy = await startProxy({ host: direct.hostname, port: Number(direct.port) });
      direct.port = String(proxy.port);
      databaseUrl = direct.toString();
    }
    // The load withdraws from fresh, unverified accounts many times a minute: the eligibility rules and
    // the per-player write limit would refuse it, and it is the ledger under kill -9 that is
    // checked here, not those rules (server/test/withdrawal-rules.test.ts is).
    const extraEnv = { WITHDRAW_ELIGIBILITY: 'off', WRITE_RATE_LIMIT_PER_PLAYER: '1000000' };
    const start = () => startProject({ name: 'server', dataDir, databaseUrl, jwtSecret, extraEnv });
    server = await start();
    const players = await registerPlayers(server.base, PLAYERS, 'kill9');
    const db = openProjectDb({ dataDir, databaseUrl: auditUrl });
    try {
      await db.grant('DICE', 5000);
      await db.grant('GOGO', 1_000_000);
    } finally {
      await db.close();
    }
    log(`kill9 on ${engine}: ${players.length} players, ${WORKERS} clients rolling and withdrawing, ${cycles} kills`);

    /** @type {AckedRoll[]} */
    const rolls = [];
    /** @type {AckedWithdrawal[]} */
    const withdrawals = [];
    for (let cycle = 1; cycle <= cycles; cycle++) {
      let killed = false;
      const current = /** @type {import('../lib/processes.mjs').ServerProcess} */ (server);
      const run = load(
        () => current.base,
        players,
        () => killed,
      );
      await new Promise((resolve) => setTimeout(resolve, 800 + Math.random() * 1200));
      await current.kill9();
      killed = true;
      const result = await run;
      rolls.push(...result.rolls);
      withdrawals.push(...result.withdrawals);
      log(`cycle ${cycle}: killed -9 under load; answers ${JSON.stringify(result.outcomes)}`);
      for (const [code, n] of Object.entries(result.outcomes)) {
        if (!['200', '201', 'no answer'].includes(code)) problems.push(`cycle ${cycle}: ${n} answers ${code}`);
      }
      server = await start();
    }
    if (proxy) problems.push(...(await checkOutage(server.base, players, proxy, log)));

    problems.push(...(await checkReplays(server.base, players, rolls)));
    await server.stop();
    const audit = openProjectDb({ dataDir, databaseUrl: auditUrl });
    try {
      problems.push(...(await findLosses(audit, rolls, withdrawals)));
      const report = await audit.audit();
      if (!report.ok) problems.push(`ledger audit: ${JSON.stringify(report).slice(0, 800)}`);
      log(
        `acknowledged ${rolls.length} rolls and ${withdrawals.length} withdrawals; stored ${report.rolls} rolls and ` +
          `${report.withdrawals} withdrawals; drift ${report.drift.length}`,
      );
    } finally {
      await audit.close();
    }
    if (rolls.length === 0 || withdrawals.length === 0) problems.push('the load acknowledged nothing to check');
  } finally {
    await server?.kill9();
    await proxy?.stop();
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const took = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`kill9: ${problem}`);
    console.error(`kill9 on ${engine}: FAILED in ${took} s`);
    process.exit(1);
  }
  log(`kill9 on ${engine}: nothing acknowledged was lost, drift 0 (${took} s)`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
