// PgBouncer (Debian's, 1.18 on Debian 12) in transaction mode in front of a throwaway cluster
// (postgres.mjs): every database of the cluster through one loopback port, as the user `gogo`. A
// server connection belongs to a client for one transaction only, as in production behind PgBouncer.
// stop() ends it; so does the process exiting.
//
// PgBouncer refuses to run as root: as root it switches to the `postgres` user (-u), which owns the
// cluster's directory where its configuration and log go.
import { spawn } from 'node:child_process';
import { chownSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackages } from './debian-packages.mjs';
import { freePort, isRoot } from './project.mjs';

/** @typedef {{ url: string, port: number, stop(): void }} Bouncer */

/**
 * @param {import('./postgres.mjs').Cluster} cluster
 * @param {{ log?: (msg: string) => void, poolSize?: number }} [options]
 * @returns {Promise<Bouncer>}
 */
export async function startPgBouncer(cluster, { log = () => {}, poolSize = 20 } = {}) {
  ensureDebianPackages(['pgbouncer'], log);
  const port = await freePort();
  const ini = join(cluster.dir, 'pgbouncer.ini');
  const logFile = join(cluster.dir, 'pgbouncer.log');
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=127.0.0.1 port=${cluster.port} user=gogo`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = any',
      'pool_mode = transaction',
      'max_client_conn = 2000',
      `default_pool_size = ${poolSize}`,
      // The driver sends none of these itself; a tool that does is not refused for it.
      'ignore_startup_parameters = extra_float_digits',
      `logfile = ${logFile}`,
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
  );
  const root = isRoot();
  if (root) {
    const uid = Number(readFileSync('/etc/passwd', 'utf8').match(/^postgres:[^:]*:(\d+):/m)?.[1] ?? 0);
    chownSync(ini, uid, -1);
  }
  const child = spawn('/usr/sbin/pgbouncer', [...(root ? ['-u', 'postgres'] : []), ini], { stdio: 'ignore' });
  let running = true;
  child.once('exit', () => (running = false));
  const stop = () => {
    if (running) child.kill('SIGINT');
    running = false;
    process.off('exit', stop);
  };
  process.on('exit', stop);
  const url = `postgres://gogo@127.0.0.1:${port}/postgres`;
  // Loaded here, not at the top: `npm test` imports this file before it installs the workspace's
  // packages, so a bare import would fail on a fresh clone (scripts/check-architecture.mjs checks).
  const { default: pg } = await import('pg');
  // Ready once it answers a query through to the cluster.
  for (let waited = 0; ; waited += 100) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (!running || waited > 15_000) {
        stop();
        let tail = '';
        try {
          tail = readFileSync(logFile, 'utf8').slice(-2000);
        } catch {
          // no log yet
        }
        throw new Error(`PgBouncer did not answer on ${url}: ${/** @type {Error} */ (err).message}\n${tail}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  log(`PgBouncer (transaction mode) on ${url}`);
  return { url, port, stop };
}
