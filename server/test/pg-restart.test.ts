import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type Cluster } from '../../scripts/lib/postgres.mjs';
import { openProjectDb } from '../../scripts/lib/project-db.mjs';
import { startInstance, stopInstance, type Instance } from './instances.js';
import { txHashFor } from './money-helpers.js';
import { authedSocket, type SocketClient } from './realtime-helpers.js';

/**
 * PostgreSQL restarted three times under load, with two instances on it: no instance ends (every pg
 * client has its 'error' handled: pooled, checked out, LISTEN), every write that was acknowledged is
 * stored, the ledger holds, both instances are ready again by themselves, and the LISTEN connection
 * comes back (a socket gets its resync, and a change on one instance reaches a socket on the other).
 * A cluster of its own (the shared test cluster cannot be restarted under the other tests); runs on
 * the PostgreSQL pass only.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const title = onPostgres
  ? 'PostgreSQL restarts under load'
  : 'PostgreSQL restarts under load (skipped: set TEST_DATABASE_URL, e.g. via npm run test:pg)';

const RESTARTS = 3;
const WORKERS = 12;

interface Acked {
  rolls: Array<{ rollId: number; userId: number }>;
  withdrawals: Array<{ transactionId: number; userId: number }>;
  outcomes: Record<string, number>;
}

describe.skipIf(!onPostgres)(title, () => {
  let cluster: Cluster;
  const instances: Instance[] = [];
  const dataDirs: string[] = [];
  const sockets: SocketClient[] = [];
  const players: Array<{ id: number; token: string }> = [];
  /** A player outside the load: their socket hears only what the test itself does. */
  let listener: { id: number; token: string };
  let env: NodeJS.ProcessEnv = {};

  async function post(instance: Instance, path: string, token: string | null, body: object) {
    const res = await fetch(`${instance.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as any };
  }

  beforeAll(async () => {
    cluster = await startPostgres();
    env = {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: cluster.url,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'warn',
      GOGO_BENCH_NO_COOLDOWN: '1',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_ACCOUNT: '100000',
      WITHDRAW_ELIGIBILITY: 'off',
      WRITE_RATE_LIMIT_PER_PLAYER: '1000000',
      DEPOSIT_ADDRESSES: JSON.stringify({ ETH: '0x00000000000000000000000000000000000000e7' }),
    };
    delete env.GOGO_TEST_SEED;
    for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(join(tmpdir(), 'gogo-pgrestart-')));
    // One after the other: the second finds the schema migrated.
    for (const dir of dataDirs) instances.push(await startInstance({ ...env, DATA_DIR: dir }));
    for (let i = 0; i < 7; i++) {
      const name = `rs${randomBytes(4).toString('hex')}`;
      const res = await post(instances[i % 2]!, '/api/auth/register', null, {
        username: name,
        email: `${name}@example.com`,
        password: 'secret123',
      });
      expect(res.status).toBe(201);
      players.push({ id: res.body.data.user.id, token: res.body.data.token });
    }
    listener = players.pop()!;
    const db = openProjectDb({ dataDir: dataDirs[0]!, databaseUrl: cluster.url });
    try {
      await db.grant('DICE', 100_000);
      await db.grant('GOGO', 10_000_000);
    } finally {
      await db.close();
    }
  }, 180_000);

  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await Promise.all(instances.map(stopInstance));
    cluster?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** Rolls (4 in 5) and withdrawals (1 in 5) on both instances until `stop()` says so. */
  async function load(stop: () => boolean): Promise<Acked> {
    const acked: Acked = { rolls: [], withdrawals: [], outcomes: {} };
    const count = (key: string) => (acked.outcomes[key] = (acked.outcomes[key] ?? 0) + 1);
    const worker = async (w: number) => {
      for (let i = 0; !stop(); i++) {
        const player = players[(w + i) % players.length]!;
        const instance = instances[(w + i) % 2]!;
        const isRoll = Math.random() < 0.8;
        try {
          const res = isRoll
            ? await post(instance, '/api/game/roll', player.token, { requestId: randomUUID() })
            : await post(instance, '/api/credits/withdrawal-request', player.token, {
                amount: 100,
                cryptoType: 'BTC',
                cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
              });
          count(`${res.status}${res.body?.error?.code ? ` ${res.body.error.code}` : ''}`);
          if (isRoll && res.status === 200) acked.rolls.push({ rollId: res.body.data.rollId, userId: player.id });
          if (!isRoll && res.status === 201) {
            acked.withdrawals.push({ transactionId: res.body.data.transactionId, userId: player.id });
          }
          // While the database is away every answer is a quick 503: do not spin on them.
          if (res.status === 503) await new Promise((resolve) => setTimeout(resolve, 50));
        } catch {
          count('no answer');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    return acked;
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function readyAgain(instance: Instance, withinMs: number) {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const status = await fetch(`${instance.base}/api/ready`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) return;
      if (Date.now() > deadline) throw new Error(`${instance.base} not ready ${withinMs} ms after the restarts`);
      await pause(200);
    }
  }

  it('three restarts: both instances live, nothing acknowledged lost, realtime resumes', async () => {
    const [a, b] = [instances[0]!, instances[1]!];
    // A socket on B holds B's LISTEN connection open through the restarts.
    const onB = await authedSocket(`${b.base.replace('http', 'ws')}/api/ws`, listener.token);
    sockets.push(onB);

    let stopped = false;
    const running = load(() => stopped);
    for (let restart = 1; restart <= RESTARTS; restart++) {
      await pause(700);
      cluster.stopServer();
      await pause(600);
      cluster.startServer();
    }
    await pause(700);
    stopped = true;
    const acked = await running;

    for (const instance of instances) {
      expect(instance.child.exitCode, instance.output.join('')).toBeNull();
      expect(instance.child.signalCode).toBeNull();
    }
    const output = instances.flatMap((i) => i.output).join('');
    expect(output).not.toMatch(/Unhandled 'error' event|uncaughtException|unhandledRejection/);
    // Every answer was a success or the 503 envelope of a database away; none was a 500.
    for (const key of Object.keys(acked.outcomes)) {
      expect(['200', '201', '503 SERVICE_UNAVAILABLE', 'no answer'], JSON.stringify(acked.outcomes)).toContain(key);
    }
    expect(acked.rolls.length).toBeGreaterThan(0);

    await readyAgain(a, 15_000);
    await readyAgain(b, 15_000);

    // B's LISTEN connection came back: its socket is told to read again, and hears A's changes.
    await onB.next('resync', 15_000);
    const deposit = await post(a, '/api/credits/deposit-request', listener.token, {
      amount: 0.01,
      cryptoType: 'ETH',
      cryptoAddress: '0xsender',
      reference: txHashFor('ETH'),
    });
    expect(deposit.status).toBe(201);
    expect((await onB.next('transaction', 10_000)).data.transaction.transactionId).toBe(
      deposit.body.data.transactionId,
    );

    const audit = openProjectDb({ dataDir: dataDirs[0]!, databaseUrl: cluster.url });
    try {
      const storedRolls = new Map((await audit.rolls()).map((r: { id: number; userId: number }) => [r.id, r]));
      const lostRolls = acked.rolls.filter((r) => storedRolls.get(r.rollId)?.userId !== r.userId);
      const storedWithdrawals = new Map(
        (await audit.withdrawals()).map((w: { id: number; userId: number }) => [w.id, w]),
      );
      const lostWithdrawals = acked.withdrawals.filter(
        (w) => storedWithdrawals.get(w.transactionId)?.userId !== w.userId,
      );
      expect(lostRolls).toEqual([]);
      expect(lostWithdrawals).toEqual([]);
      const report = await audit.audit();
      expect(report.ok, JSON.stringify(report).slice(0, 800)).toBe(true);
    } finally {
      await audit.close();
    }
  }, 120_000);

  it('an instance with another JWT_SECRET on the same database refuses to start, in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gogo-pgrestart-'));
    dataDirs.push(dir);
    const refused = await startInstance({
      ...env,
      DATA_DIR: dir,
      JWT_SECRET: randomBytes(48).toString('base64url'),
    }).then(
      (instance) => {
        instances.push(instance);
        return '';
      },
      (err: Error) => err.message,
    );
    const lines = refused.split('\n').filter((line) => line.includes('cannot start'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^GOGO Board cannot start: JWT_SECRET is not the secret the other instances/);
  }, 120_000);
});
