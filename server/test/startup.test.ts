import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.js';
import { serverEntry } from './server-entry.js';

// The real process (server.ts) refusing to start: one clear line on stderr, no stack, exit code 1.
const dataDir = mkdtempSync(join(tmpdir(), 'gogo-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const entry = serverEntry();

function run(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** A loopback port that nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

describe('server start refused', () => {
  it('exits 1 with one line when DATABASE_URL cannot be reached', async () => {
    const port = await closedPort();
    const { code, stdout, stderr } = await run({ DATABASE_URL: `postgres://gogo:secret@127.0.0.1:${port}/gogo` });
    expect(code).toBe(1);
    expect(stdout).not.toContain('serving');
    expect(lines(stderr)).toHaveLength(1);
    expect(stderr).toContain(
      `GOGO Board cannot start: cannot open the database (PostgreSQL at postgres://gogo:***@127.0.0.1:${port}/gogo)`,
    );
    expect(stderr).toContain('ECONNREFUSED');
    expect(stderr).not.toContain('secret');
  }, 30_000);

  it('exits 1 with one line when DATABASE_URL is not a PostgreSQL URL', async () => {
    const { code, stderr } = await run({ DATABASE_URL: 'mysql://gogo@127.0.0.1/gogo' });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      'GOGO Board cannot start: DATABASE_URL must start with postgres:// or postgresql:// (got mysql://); unset it to use SQLite',
    ]);
  }, 30_000);

  it('exits 1 with one line when LOG_LEVEL is not a level', async () => {
    const { code, stdout, stderr } = await run({ LOG_LEVEL: 'verbose' });
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(lines(stderr)).toEqual([
      'GOGO Board cannot start: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; got "verbose"',
    ]);
  }, 30_000);

  it('exits 1 with one line when HOST is not an address of this machine', async () => {
    const { code, stderr } = await run({ HOST: '203.0.113.77' });
    expect(code).toBe(1);
    expect(lines(stderr)).toEqual([
      'GOGO Board cannot start: HOST 203.0.113.77 is not an address of this machine (try 127.0.0.1 or 0.0.0.0)',
    ]);
  }, 30_000);

  it('exits 1 with one line when the port is in use', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const { code, stderr } = await run({ PORT: String(port), HOST: '127.0.0.1' });
      expect(code).toBe(1);
      expect(lines(stderr)).toEqual([
        `GOGO Board cannot start: port ${port} is already in use (set PORT to another one)`,
      ]);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 30_000);
});
