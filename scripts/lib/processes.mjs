// Server processes the bench and fault scripts start on their own: spawn, wait for health, read
// their RSS and CPU time from /proc, stop them (gracefully or with SIGKILL).
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root, SERVER_NODE_FLAGS, waitForHealth } from './project.mjs';

const CLOCK_TICKS = (() => {
  const res = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const ticks = Number(res.stdout?.trim());
  return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
})();

/**
 * A process's /proc/PID/stat fields after its name (state, ppid, ...; utime and stime at 11 and 12),
 * null when it is gone or there is no /proc.
 * @param {number | string | undefined} pid
 */
function statFields(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? null;
  } catch {
    return null;
  }
}

/** @param {string[]} fields */
const cpuOf = (fields) => (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere.
 * @param {number | undefined} pid
 */
export function cpuSeconds(pid) {
  const fields = statFields(pid);
  return fields === null ? null : cpuOf(fields);
}

/**
 * CPU seconds used so far by a process and its living children (a PostgreSQL postmaster and its
 * backends), from /proc (Linux); null elsewhere. A child that has exited no longer counts.
 * @param {number} pid
 */
export function treeCpuSeconds(pid) {
  const own = cpuSeconds(pid);
  if (own === null) return null;
  let total = own;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields !== null && Number(fields[1]) === pid) total += cpuOf(fields);
  }
  return total;
}

/**
 * Resident memory of a process in MiB (VmRSS), null when unknown.
 * @param {number | undefined} pid
 */
export function rssMiB(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
  } catch {
    return null;
  }
}

/**
 * The children of a process (a wrapper's node), from /proc (Linux); none elsewhere.
 * @param {number | undefined} pid
 * @returns {number[]}
 */
function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Children still running: killed when this process exits, whatever the reason (a time limit, a throw). */
const live = new Set();
process.on('exit', () => {
  for (const child of live) {
    for (const pid of childrenOf(child.pid)) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
  }
});

/**
 * @typedef {object} ServerProcess
 * @property {string} name
 * @property {string} base  http://127.0.0.1:PORT
 * @property {number | undefined} pid
 * @property {Promise<number | null>} exited  resolves with the exit code (null after a signal)
 * @property {() => boolean} alive
 * @property {() => Promise<void>} stop  SIGTERM, then SIGKILL after 10 s
 * @property {() => Promise<void>} kill9
 */

/**
 * Starts `node ...args` (or `command`, a program and its arguments) with PORT and HOST set, waits
 * until `healthPath` answers 2xx.
 * @param {{ name: string, args: string[], command?: string[], env: NodeJS.ProcessEnv, healthPath: string,
 *   port?: number, quiet?: boolean, timeoutMs?: number }} options
 * @returns {Promise<ServerProcess>}
 */
export async function startNode({ name, args, command, env, healthPath, port, quiet = false, timeoutMs = 60_000 }) {
  const listen = port ?? (await freePort());
  const [program, ...programArgs] = command ?? [process.execPath, ...args];
  const child = spawn(/** @type {string} */ (program), programArgs, {
    cwd: root,

    env: { ...env, PORT: String(listen), HOST: '127.0.0.1' },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  live.add(child);
  const exited = /** @type {Promise<number | null>} */ (
    new Promise((resolve) => {
      child.once('exit', (code) => {
        live.delete(child);
        resolve(code);
      });
    })
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  const base = `http://127.0.0.1:${listen}`;
  /** @type {ServerProcess} */
  const handle = {
    name,
    base,
    pid: child.pid,
    exited,
    alive,
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => alive() && child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill9() {
      if (!alive()) return;
      // A wrapper (tini) puts its node in a process group of its own: the node is killed first.
      for (const pid of childrenOf(child.pid)) process.kill(pid, 'SIGKILL');
      child.kill('SIGKILL');
      await exited;
    },
  };
  const early = exited.then((code) => {
    throw new Error(`${name} exited with ${code ?? 'a signal'} before it answered ${healthPath}`);
  });
  try {
    await Promise.race([waitForHealth(`${base}${healthPath}`, timeoutMs), early]);
  } catch (err) {
    await handle.kill9();
    throw err;
  }
  early.catch(() => undefined);
  return handle;
}

/**
 * The built server (server/dist/server.js) as a player meets it: production mode on SQLite in
 * `dataDir`, at 127.0.0.1:`port`, its warnings on this terminal. For the scripts that look at pages.
 * @param {{ port: number, dataDir: string }} options
 */
export function spawnBuiltServer({ port, dataDir }) {
  return spawn(process.execPath, [join(root, 'server', 'dist', 'server.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The project's built server (server/dist/server.js) on the given database: `dataDir` for SQLite,
 * `databaseUrl` (DATABASE_URL) for PostgreSQL. Development mode with the roll cooldown lifted
 * unless `cooldown` is true.
 * @param {{ name?: string, dataDir: string, databaseUrl?: string | null, jwtSecret: string, port?: number,
 *   cooldown?: boolean, nodeArgs?: string[], extraEnv?: NodeJS.ProcessEnv }} options
 */
export function startProject({
  name = 'project',
  dataDir,
  databaseUrl = null,
  jwtSecret,
  port,
  cooldown = false,
  nodeArgs = [],
  extraEnv = {},
}) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_PER_IP: '1000000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '1000000',
    // Load tests sign many players up from one address.
    SIGNUPS_PER_IP_PER_HOUR: '0',
    ...extraEnv,
  };
  if (cooldown) delete env.GOGO_BENCH_NO_COOLDOWN;
  else env.GOGO_BENCH_NO_COOLDOWN = '1';
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  delete env.GOGO_TEST_SEED;
  return startNode({
    name,
    args: [...SERVER_NODE_FLAGS, ...nodeArgs, join(root, 'server', 'dist', 'server.js')],
    env,
    healthPath: '/api/health',
    port,
  });
}

/**
 * Registers `count` players on the project, a few at a time (argon2 hashing dominates).
 * @param {string} base @param {number} count @param {string} prefix
 * @returns {Promise<{id: number, token: string}[]>}
 */
export async function registerPlayers(base, count, prefix = 'bench') {
  /** @type {{id: number, token: string}[]} */
  const players = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const username = `${prefix}_${i}`;
      const res = await fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, email: `${username}@bench.invalid`, password: 'bench-pass-1' }),
      });
      if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
      const body = /** @type {{data: {user: {id: number}, token: string}}} */ (await res.json());
      players.push({ id: body.data.user.id, token: body.data.token });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return players.sort((a, b) => a.id - b.id);
}
