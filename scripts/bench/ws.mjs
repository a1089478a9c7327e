// npm run bench:ws: the realtime socket under 2,000 concurrent authenticated sockets on one instance.
//
// Starts the built server (server/dist/server.js, built if it changed) on a fresh SQLite database,
// creates the players and one admin straight in the database (a real account row each; their tokens
// are signed with the instance's JWT_SECRET exactly as the server signs them, which spares 2,000
// argon2 hashes of sign-up), then from this one process:
//   1. connects every socket (GET /api/ws + the auth message), --concurrency at a time: connect rate;
//   2. per-player events: an admin grant to every player (POST /api/credits/grant); each player's
//      sockets must get exactly one `state` with the granted balance: delivery latency from the
//      moment the grant was sent;
//   3. broadcasts: --broadcasts players roll for the first time, 1.5 s apart; each first roll unlocks
//      an achievement, and every socket must get the achievements feed headed by that unlock;
//   4. server RSS before and after the sockets (per 1,000 sockets), and lost events (must be 0).
// Prints the figures and exits 1 on any lost event, refused socket or p99 over the target.
//
//   --sockets=N (2000) --concurrency=N (100) --broadcasts=N (5) --target-p99=MS (250)
//   --grant-concurrency=N (4)
// Latency is counted from the moment the causing request was SENT (it includes the request itself).
// This process and the server share the machine's cores: the latencies include the client's own work.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import WebSocket from 'ws';
import { buildIfChanged, log } from '../lib/project.mjs';
import { numberOption } from '../lib/number-option.mjs';
import { rssMiB, startProject } from '../lib/processes.mjs';

/** @param {string} name @param {number} fallback */
const option = (name, fallback) =>
  numberOption(name, fallback, { env: `BENCH_WS_${name.toUpperCase().replace('-', '_')}` });
const settings = {
  sockets: option('sockets', 2000),
  concurrency: option('concurrency', 100),
  broadcasts: option('broadcasts', 5),
  targetP99: option('target-p99', 250),
  /** Grants in flight at once: each is a request and a write; more only queues them at the writer. */
  grantConcurrency: option('grant-concurrency', 4),
};

const b64 = (/** @type {object} */ value) => Buffer.from(JSON.stringify(value)).toString('base64url');
/**
 * An HS256 token with the claims the server signs (plugins/auth.ts): sub, role, tv, iat, exp.
 * @param {string} secret @param {number} sub @param {'player' | 'admin'} role
 */
function sign(secret, sub, role) {
  const iat = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: String(sub), role, tv: 0, iat, exp: iat + 3600 })}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

/** @param {number[]} values @param {number} q */
const quantile = (values, q) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` over `items`, `limit` at a time. @template T @param {T[]} items @param {number} limit @param {(item: T) => Promise<void>} fn */
async function pool(items, limit, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await fn(/** @type {T} */ (items[next++]));
    }),
  );
}

async function main() {
  buildIfChanged();
  const dataDir = mkdtempSync(join(tmpdir(), 'gogo-bench-ws-'));
  const secret = randomBytes(48).toString('base64url');
  const server = await startProject({ name: 'project', dataDir, jwtSecret: secret, cooldown: true });
  const wsUrl = `${server.base.replace('http', 'ws')}/api/ws`;
  /** @type {WebSocket[]} */
  const sockets = [];
  let failed = false;
  try {
    // ── Accounts: rows straight in the database the server migrated ───────────────────────────
    const db = new Database(join(dataDir, 'gogo.sqlite'));
    db.pragma('busy_timeout = 10000');
    const now = Date.now();
    const insert = db.prepare(
      `INSERT INTO users (username, email, password_hash, created_at, last_login, last_seen)
       VALUES (?, ?, 'bench-no-login', ?, ?, ?) RETURNING id`,
    );
    const players = db.transaction(() =>
      Array.from({ length: settings.sockets }, (_, i) => {
        const name = `wsb_${i}`;
        return /** @type {{id: number}} */ (insert.get(name, `${name}@bench.invalid`, now, now, now)).id;
      }),
    )();
    const adminId = /** @type {{id: number}} */ (
      db
        .prepare("INSERT INTO admins (username, password_hash, created_at) VALUES ('wsb_admin', 'x', ?) RETURNING id")
        .get(now)
    ).id;
    db.close();
    const adminToken = sign(secret, adminId, 'admin');
    log(`${players.length} players and an admin created; connecting ${settings.sockets} sockets…`);

    // ── 1. Connect every socket ───────────────────────────────────────────────────────────────
    const rssBefore = rssMiB(server.pid);
    /** @type {Map<number, {state: {at: number, balance: number}[], feeds: {at: number, head: string}[]}>} */
    const inbox = new Map(players.map((id) => [id, { state: [], feeds: [] }]));
    const boxOf = (/** @type {number} */ id) => {
      const box = inbox.get(id);
      if (!box) throw new Error(`no inbox for player ${id}`);
      return box;
    };
    let refused = 0;
    const connectStart = performance.now();
    await pool(players, settings.concurrency, (id) => {
      const box = boxOf(id);
      return new Promise((resolve) => {
        const ws = new WebSocket(wsUrl);
        sockets.push(ws);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token: sign(secret, id, 'player') })));
        ws.on('message', (data) => {
          const at = performance.now();
          const message = JSON.parse(data.toString());
          if (message.type === 'ready') resolve(undefined);
          else if (message.type === 'state') box.state.push({ at, balance: message.data.balance });
          else if (message.type === 'achievement') {
            const head = message.data.achievements[0];
            box.feeds.push({ at, head: head ? `${head.userId}:${head.achievementId}` : '' });
          }
        });
        ws.on('error', () => undefined);
        ws.on('close', () => {
          refused += 1;
          resolve(undefined);
        });
      });
    });
    const connectSeconds = (performance.now() - connectStart) / 1000;
    const open = sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    await sleep(1000);
    const rssAfter = rssMiB(server.pid);
    log(`${open} sockets ready in ${connectSeconds.toFixed(2)} s; per-player events…`);

    // ── 2. Per-player events: a grant to each player ─────────────────────────────────────────
    /** @type {Map<number, number>} */
    const sentAt = new Map();
    const grant = async (/** @type {number} */ id, /** @type {number} */ amount) => {
      sentAt.set(id, performance.now());
      const res = await fetch(`${server.base}/api/credits/grant`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: id, amount }),
      });
      if (res.status !== 200) throw new Error(`grant ${id}: ${res.status} ${await res.text()}`);
    };
    // Warm-up (compiles the paths): 1 GOGO to the first players; their measured push then shows 1 + 7.
    const warm = players.slice(0, Math.min(50, players.length));
    await pool(warm, settings.grantConcurrency, (id) => grant(id, 1));
    await sleep(1000);
    const GRANT = 7;
    await pool(players, settings.grantConcurrency, (id) => grant(id, GRANT));
    await sleep(2000);
    const personal = [];
    let lostPersonal = 0;
    const warmed = new Set(warm);
    for (const id of players) {
      const expected = GRANT + (warmed.has(id) ? 1 : 0);
      const got = boxOf(id).state.filter((s) => s.balance === expected);
      if (got.length !== 1 || !got[0]) lostPersonal += 1;
      else personal.push(got[0].at - (sentAt.get(id) ?? NaN));
    }

    // ── 3. Broadcasts: first rolls unlock an achievement; every socket gets the feed ─────────
    const broadcast = [];
    let lostBroadcast = 0;
    for (let i = 0; i < settings.broadcasts; i++) {
      const roller = /** @type {number} */ (players[players.length - 1 - i]);
      const before = new Map(players.map((id) => [id, boxOf(id).feeds.length]));
      const start = performance.now();
      const res = await fetch(`${server.base}/api/game/roll`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sign(secret, roller, 'player')}`, 'content-type': 'application/json' },
        body: '{}',
      });
      if (res.status !== 200) throw new Error(`roll: ${res.status} ${await res.text()}`);
      await sleep(1500);
      for (const id of players) {
        const fresh = boxOf(id).feeds.slice(before.get(id) ?? 0);
        const hit = fresh.find((f) => f.head === `${roller}:first_roll`);
        if (!hit) lostBroadcast += 1;
        else broadcast.push(hit.at - start);
      }
    }

    // ── 4. Report ────────────────────────────────────────────────────────────────────────────
    const ms = (/** @type {number} */ v) => `${Math.round(v)} ms`;
    const perThousand = rssBefore !== null && rssAfter !== null ? ((rssAfter - rssBefore) / open) * 1000 : NaN;
    const p99 = Math.max(quantile(personal, 0.99), quantile(broadcast, 0.99));
    console.log('\nRealtime socket, one instance (SQLite), this machine:');
    console.log(`  sockets ready         ${open} of ${settings.sockets} (${refused} closed or refused)`);
    console.log(
      `  connect rate          ${Math.round(open / connectSeconds)} sockets/s (${settings.concurrency} opening at a time)`,
    );
    console.log(
      `  per-player events     ${personal.length} delivered, p50 ${ms(quantile(personal, 0.5))}, p99 ${ms(quantile(personal, 0.99))}, lost ${lostPersonal}`,
    );
    console.log(
      `  broadcasts            ${settings.broadcasts} x ${open}: ${broadcast.length} delivered, p50 ${ms(quantile(broadcast, 0.5))}, p99 ${ms(quantile(broadcast, 0.99))}, lost ${lostBroadcast}`,
    );
    console.log(
      `  server RSS            ${rssBefore} MiB before, ${rssAfter} MiB with the sockets: ${perThousand.toFixed(1)} MiB per 1,000 sockets`,
    );
    console.log(
      `  target                p99 < ${settings.targetP99} ms: ${p99 < settings.targetP99 ? 'met' : 'NOT met'} (${ms(p99)})`,
    );
    failed = lostPersonal > 0 || lostBroadcast > 0 || open < settings.sockets || !(p99 < settings.targetP99);
  } finally {
    for (const ws of sockets) ws.terminate();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failed) process.exit(1);
}

main().catch((err) => {
  console.error(`\n✗ ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
