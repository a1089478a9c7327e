import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connectDatabase, type Database } from '../src/db/client.js';
import { repoRoot } from '../src/paths.js';
import { serverEntry } from './server-entry.js';

/** Server processes for the multi-instance tests (server-entry.ts), killed if the run dies. */
export interface Instance {
  base: string;
  child: ChildProcess;
  output: string[];
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    env: { SIGNUPS_PER_IP_PER_HOUR: '0', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}:\n${output.join('')}`);
    const ok = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return { base, child, output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`instance did not answer /api/health within 90 s:\n${output.join('')}`);
}

export async function stopInstance(instance: Instance) {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Server processes sharing one fresh PostgreSQL database on TEST_DATABASE_URL's server (the
 * multi-instance tests): `start` creates the database and starts the processes together (they race
 * on the migrations too: an advisory lock makes them take turns); `stop` ends them and drops the
 * database, whatever `start` got to.
 */
export function postgresCluster(baseUrl: string, prefix: string) {
  const dbName = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dataDirs: string[] = [];
  let instances: Instance[] = [];
  let database: Database | null = null;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  return {
    async start(extraEnv: NodeJS.ProcessEnv = {}, count = 2) {
      await admin(`CREATE DATABASE ${dbName}`);
      const url = new URL(baseUrl);
      url.pathname = `/${dbName}`;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'development',
        DATABASE_URL: url.toString(),
        JWT_SECRET: randomBytes(48).toString('base64url'),
        LOG_LEVEL: 'error',
        AUTH_RATE_LIMIT_PER_IP: '100000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
        ...extraEnv,
      };
      delete env.GOGO_BENCH_NO_COOLDOWN;
      delete env.GOGO_TEST_SEED;
      for (let i = 0; i < count; i++) dataDirs.push(mkdtempSync(join(tmpdir(), `${prefix}-`)));
      const started = await Promise.allSettled(dataDirs.map((dir) => startInstance({ ...env, DATA_DIR: dir })));
      instances = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const failed = started.find((s) => s.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
      database = await connectDatabase({ url: url.toString(), file: '' });
      return { instances, database };
    },
    async stop() {
      await Promise.all(instances.map(stopInstance));
      await database?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    },
  };
}
