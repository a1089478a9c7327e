// A throwaway PostgreSQL 15 cluster for tests and benchmarks: initdb in a temporary directory, one
// loopback port, fsync off, trust authentication for the superuser `gogo`. stop() removes it all, and
// so does the process exiting (normally, on SIGINT/SIGTERM, or after a failure).
//
// PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user (runuser);
// otherwise it runs as the current user. Binaries: Debian's postgresql-15 (installed when missing and
// running as root: debian-packages.mjs).
import { spawnSync } from 'node:child_process';
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEBIAN_PACKAGES, ensureDebianPackages } from './debian-packages.mjs';
import { freePort, isRoot } from './project.mjs';

export const PG_BIN = dirname(DEBIAN_PACKAGES['postgresql-15'].file);

/** @typedef {{ url: string, port: number, dir: string, stop(): void, stopServer(): void, startServer(): void, serverPid(): number | null }} Cluster */

/**
 * Where clusters go: a memory file system (/dev/shm) where there is one. The API tests create and
 * drop a database per test file, hundreds of files each, and on the disk's ext4 finding free inodes
 * for them cost the kernel more CPU than the tests' queries cost PostgreSQL.
 */
function clusterRoot() {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

/**
 * Runs a PostgreSQL binary as the cluster's owner; throws with its output on failure.
 * @param {boolean} asPostgres @param {string} bin @param {string[]} args
 */
function pgRun(asPostgres, bin, args) {
  const cmd = asPostgres ? 'runuser' : join(PG_BIN, bin);
  const argv = asPostgres ? ['-u', 'postgres', '--', join(PG_BIN, bin), ...args] : args;
  const res = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 60_000 });
  if (res.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${res.status ?? res.signal}):\n${res.stdout}${res.stderr}`);
  }
}

/**
 * A new directory for a cluster's files, owned by the user its server runs as.
 * @param {string} prefix @param {boolean} asPostgres
 */
function clusterDir(prefix, asPostgres) {
  const dir = mkdtempSync(join(clusterRoot(), prefix));
  if (asPostgres) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  return dir;
}

/**
 * A server's settings for pg_ctl -o: throwaway durability (fsync and full-page writes off), one
 * loopback port, its socket in `dir`, and `extra`.
 * @param {number} port @param {string} dir @param {string[]} extra
 */
function serverSettings(port, dir, extra) {
  return [
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c listen_addresses=127.0.0.1',
    `-p ${port}`,
    `-k ${dir}`,
    '-c max_connections=300',
    ...extra,
  ].join(' ');
}

/**
 * Starts a throwaway cluster and answers its URL (database `postgres`, user `gogo`, no password).
 * stopServer()/startServer() stop and restart the server on the same port and data (fault tests);
 * stop() ends it for good and removes the directory.
 * @param {{ log?: (msg: string) => void }} [options]
 * @returns {Promise<Cluster>}
 */
export async function startPostgres({ log = () => {} } = {}) {
  ensureDebianPackages(['postgresql-15'], log);
  const asPostgres = isRoot();
  const dir = clusterDir('gogo-pg-', asPostgres);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let port = 0;
  let running = false;
  let removed = false;

  const startServer = () => {
    const settings = serverSettings(port, dir, ['-c shared_buffers=64MB']);
    pgRun(asPostgres, 'pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', logFile, '-o', settings]);
    running = true;
  };
  const stopServer = () => {
    if (!running) return;
    running = false;
    try {
      pgRun(asPostgres, 'pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]);
    } catch {
      // already gone
    }
  };
  const stop = () => {
    stopServer();
    if (!removed) rmSync(dir, { recursive: true, force: true });
    removed = true;
    process.off('exit', stop);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  /** @param {NodeJS.Signals} signal */
  const onSignal = (signal) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', stop);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    pgRun(asPostgres, 'initdb', ['-D', data, '-A', 'trust', '-U', 'gogo', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // A port found free may be taken before the server binds it: try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        startServer();
        break;
      } catch (err) {
        if (attempt >= 3) {
          const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
          throw new Error(`${/** @type {Error} */ (err).message}\n${serverLog}`);
        }
      }
    }
  } catch (err) {
    stop();
    throw err;
  }
  const url = `postgres://gogo@127.0.0.1:${port}/postgres`;
  log(`PostgreSQL 15 on ${url} (data in ${dir})`);
  /** The postmaster's process id (its backends are its children), null when it is not running. */
  const serverPid = () => {
    try {
      return Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
    } catch {
      return null;
    }
  };
  return { url, port, dir, stop, stopServer, startServer, serverPid };
}

/**
 * A streaming replica (hot standby) of a cluster started by startPostgres: `pg_basebackup -R` of the
 * running primary into a directory of its own, started on another port. It replays the primary's
 * WAL as it comes (every database of the cluster, the ones created later included) and answers
 * reads only. `url` names its `postgres` database; stop() ends it and removes its directory.
 * @param {{ port: number }} primary  a running cluster on 127.0.0.1 whose superuser `gogo` may replicate (trust)
 * @param {{ log?: (msg: string) => void }} [options]
 * @returns {Promise<{ url: string, port: number, stop(): void }>}
 */
export async function startReplica(primary, { log = () => {} } = {}) {
  const asPostgres = isRoot();
  const dir = clusterDir('gogo-pg-replica-', asPostgres);
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  let running = false;
  const stop = () => {
    if (running) {
      running = false;
      try {
        pgRun(asPostgres, 'pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]);
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
    process.off('exit', stop);
  };
  process.on('exit', stop);
  try {
    // -R writes primary_conninfo and standby.signal; -X stream copies the WAL written meanwhile.
    pgRun(asPostgres, 'pg_basebackup', [
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
      '-h',
      '127.0.0.1',
      '-p',
      String(primary.port),
      '-U',
      'gogo',
    ]);
    const port = await freePort();
    const settings = serverSettings(port, dir, ['-c shared_buffers=32MB', '-c hot_standby=on']);
    pgRun(asPostgres, 'pg_ctl', ['start', '-w', '-t', '30', '-D', data, '-l', logFile, '-o', settings]);
    running = true;
    const url = `postgres://gogo@127.0.0.1:${port}/postgres`;
    log(`PostgreSQL 15 replica of port ${primary.port} on ${url}`);
    return { url, port, stop };
  } catch (err) {
    const serverLog = existsSync(logFile) ? readFileSync(logFile, 'utf8') : '';
    stop();
    throw new Error(`${/** @type {Error} */ (err).message}\n${serverLog}`);
  }
}
