import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../src/paths.js';
import { serverEntry } from './server-entry.js';

// The real process (server.ts): listen, secrets on first start, graceful close.
function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; logs: () => string }> {
  const child = spawn(process.execPath, serverEntry(), {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), NODE_ENV: 'test', LOG_LEVEL: 'debug' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('GOGO Board is serving')) resolve({ child, logs: () => out });
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
}

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

describe('server process', () => {
  let dataDir = '';
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates its secrets (0600), finishes an in-flight request on SIGTERM, then exits 0', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gogo-proc-'));
    const port = 3900 + Math.floor(Math.random() * 90);
    const { child, logs } = await startServer(dataDir, port);
    expect(statSync(join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const exited = exitOf(child);
    // Registration hashes with argon2id (tens of ms): the signal arrives while it is in flight.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'inflight', email: 'inflight@example.com', password: 'secret123' }),
    });
    // Signal once the server has logged the incoming request (debug level), i.e. while it is being handled.
    while (!logs().includes('"url":"/api/auth/register"')) await new Promise((r) => setTimeout(r, 1));
    child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(201);
    expect(await exited).toBe(0);
  });
});
