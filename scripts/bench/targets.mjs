// The two things `npm run bench` compares, each started on its own fresh database of the chosen
// engine with N instances: the project (server/dist/server.js, players registered through the API,
// dice granted through ledger rows) and the bare anchor (scripts/bench/anchor, players created in
// its store, tokens signed with its secret).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { root } from '../lib/project.mjs';
import { registerPlayers, rssMiB, startNode, startProject } from '../lib/processes.mjs';
import { openProjectDb } from '../lib/project-db.mjs';
import { summarize } from './anchor/check.mjs';
import { openStore } from './anchor/store.mjs';
import { signToken } from './anchor/token.mjs';

/**
 * @typedef {import('./load.mjs').Target & {
 *   rssIdleMiB: number | null,
 *   audit: () => Promise<{ ok: boolean, rolls: number, drift: unknown[], detail: object }>,
 *   stop: () => Promise<void>,
 *   cleanup: () => void,
 * }} RunningTarget
 */

/**
 * A fresh database named `name` in the cluster at `clusterUrl`; answers its URL.
 * @param {string} clusterUrl @param {string} name
 */
export async function createDatabase(clusterUrl, name) {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Average RSS per instance, settled a moment after set-up. @param {{pid: number | undefined}[]} servers */
async function idleRss(servers) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  let total = 0;
  for (const s of servers) {
    const value = rssMiB(s.pid);
    if (value === null) return null;
    total += value;
  }
  return Math.round(total / servers.length);
}

/** Node flags for both sides' servers (BENCH_SERVER_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'). */
const serverNodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/**
 * `serverUrl` and `extraEnv`: what the servers connect through when it is not `databaseUrl` itself
 * (PgBouncer: its URL, with DATABASE_POOLER and DATABASE_DIRECT_URL); grants and audits go direct.
 * @param {{ databaseUrl: string | null, instances: number, players: number, dice: number,
 *   log: (msg: string) => void, serverUrl?: string | null, extraEnv?: NodeJS.ProcessEnv }} options
 * @returns {Promise<RunningTarget>}
 */
export async function startProjectTarget({ databaseUrl, instances, players, dice, log, serverUrl, extraEnv }) {
  const jwtSecret = randomBytes(48).toString('base64url');
  const dataDirs = Array.from({ length: instances }, () => mkdtempSync(join(tmpdir(), 'gogo-bench-')));
  const firstDir = /** @type {string} */ (dataDirs[0]);
  /** @type {import('../lib/processes.mjs').ServerProcess[]} */
  const servers = [];
  const nodeArgs = serverNodeArgs();
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    // One after the other: the first applies the migrations.
    for (const [i, dataDir] of dataDirs.entries()) {
      const name = instances === 1 ? 'project' : `project#${i + 1}`;
      servers.push(
        await startProject({ name, dataDir, databaseUrl: serverUrl ?? databaseUrl, jwtSecret, nodeArgs, extraEnv }),
      );
    }
    const started = Date.now();
    const registered = await registerPlayers(servers[0]?.base ?? '', players);
    const db = openProjectDb({ dataDir: firstDir, databaseUrl });
    try {
      const granted = await db.grant('DICE', dice);
      // A server that ignored DATABASE_URL would have registered the players in its own SQLite file.
      if (granted !== registered.length) {
        throw new Error(`the database holds ${granted} players, the server registered ${registered.length}`);
      }
    } finally {
      await db.close();
    }
    log(`project: ${registered.length} players with ${dice} dice in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return {
      name: instances === 1 ? 'project' : `project x${instances}`,
      servers,
      tokens: registered.map((p) => p.token),
      rssIdleMiB: await idleRss(servers),
      async audit() {
        const auditDb = openProjectDb({ dataDir: firstDir, databaseUrl });
        try {
          const report = await auditDb.audit();
          return { ok: report.ok, rolls: report.rolls, drift: report.drift, detail: report };
        } finally {
          await auditDb.close();
        }
      },
      stop,
      cleanup() {
        for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * @param {{ databaseUrl: string | null, instances: number, players: number, dice: number,
 *   log: (msg: string) => void }} options
 * @returns {Promise<RunningTarget>}
 */
export async function startAnchorTarget({ databaseUrl, instances, players, dice, log }) {
  const secret = randomBytes(48).toString('base64url');
  const dir = mkdtempSync(join(tmpdir(), 'gogo-anchor-'));
  const target = databaseUrl ?? join(dir, 'anchor.sqlite');
  const setup = await openStore(target, { setup: true });
  const ids = await setup.seed(players, dice).finally(() => setup.close());
  log(`anchor: ${ids.length} players with ${dice} dice`);
  /** @type {import('../lib/processes.mjs').ServerProcess[]} */
  const servers = [];
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  try {
    for (let i = 0; i < instances; i++) {
      servers.push(
        await startNode({
          name: instances === 1 ? 'anchor' : `anchor#${i + 1}`,
          args: [...serverNodeArgs(), join(root, 'scripts', 'bench', 'anchor', 'server.mjs')],
          env: { ...process.env, ANCHOR_DB: target, ANCHOR_SECRET: secret },
          healthPath: '/health',
        }),
      );
    }
  } catch (err) {
    await stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    name: instances === 1 ? 'anchor' : `anchor x${instances}`,
    servers,
    tokens: ids.map((id) => signToken({ sub: id, tv: 0 }, secret)),
    rssIdleMiB: await idleRss(servers),
    async audit() {
      const store = await openStore(target);
      try {
        const report = summarize(await store.check());
        return { ok: report.ok, rolls: report.rolls, drift: report.drift, detail: report };
      } finally {
        await store.close();
      }
    },
    stop,
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
