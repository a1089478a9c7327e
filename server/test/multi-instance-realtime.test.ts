import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WsCloseCode } from '@gogo/shared/api';
import type { Database } from '../src/db/client.js';
import { sql } from '../src/db/sql.js';
import { hashPassword } from '../src/lib/passwords.js';
import { postgresCluster, type Instance } from './instances.js';
import { txHashFor } from './money-helpers.js';
import { authedSocket, type SocketClient } from './realtime-helpers.js';

/**
 * Across processes: two server processes on ONE PostgreSQL database; an event
 * caused through instance A (a deposit request, an admin's approval, a logout) reaches the sockets
 * held by instance B through LISTEN/NOTIFY. Runs only with TEST_DATABASE_URL (e.g. `npm run test:pg`).
 */
const baseUrl = process.env.TEST_DATABASE_URL;
const title = baseUrl
  ? 'realtime across two instances on one PostgreSQL'
  : 'realtime across two instances (skipped: set TEST_DATABASE_URL, e.g. via npm run test:pg)';

const insertAdmin = sql<{ username: string; passwordHash: string; now: number }, { id: number }>(
  'INSERT INTO admins (username, password_hash, created_at) VALUES (:username, :passwordHash, :now) RETURNING id',
);

describe.skipIf(!baseUrl)(title, () => {
  const cluster = postgresCluster(baseUrl ?? '', 'gogo_rt');
  const sockets: SocketClient[] = [];
  let a: Instance;
  let b: Instance;
  let database: Database | null = null;

  async function call(instance: Instance, path: string, token: string | null, body?: object) {
    const res = await fetch(`${instance.base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { data: any };
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  const socketOn = async (instance: Instance, token: string) => {
    const socket = await authedSocket(`${instance.base.replace('http', 'ws')}/api/ws`, token);
    sockets.push(socket);
    return socket;
  };

  async function register(instance: Instance) {
    const name = `rt${randomBytes(4).toString('hex')}`;
    const data = await call(instance, '/api/auth/register', null, {
      username: name,
      email: `${name}@example.com`,
      password: 'secret123',
    });
    return { id: data.user.id as number, token: data.token as string, email: `${name}@example.com` };
  }

  beforeAll(async () => {
    const started = await cluster.start({
      DEPOSIT_ADDRESSES: JSON.stringify({ ETH: '0x00000000000000000000000000000000000000e7' }),
    });
    [a, b] = [started.instances[0]!, started.instances[1]!];
    database = started.database;
  }, 180_000);

  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await cluster.stop();
  }, 60_000);

  const listenConnections = sql<Record<string, never>, { n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'gogo-listen' AND datname = current_database()",
  );
  const listening = async () => (await database!.read.get(listenConnections, {}))!.n;

  it("holds no LISTEN connection without sockets; a socket opened on B gets A's change right after 'ready'", async () => {
    const player = await register(a);
    expect(await listening()).toBe(0); // neither instance has a socket
    const onB = await socketOn(b, player.token);
    expect(await listening()).toBe(1); // B's, open before it said 'ready'
    const { transactionId } = await call(a, '/api/credits/deposit-request', player.token, {
      amount: 0.01,
      cryptoType: 'ETH',
      cryptoAddress: '0xsender',
      reference: txHashFor('ETH'),
    });
    expect((await onB.next('transaction')).data.transaction.transactionId).toBe(transactionId);
    expect(onB.all('resync')).toEqual([]);
    onB.close();
    await onB.closed;
    for (let waited = 0; (await listening()) > 0; waited += 50) {
      if (waited > 5_000) throw new Error("B's LISTEN connection stayed open after its last socket closed");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it('a deposit requested and approved on A reaches the player and the admins on B', async () => {
    const passwordHash = await hashPassword('admin-password-1');
    const username = `ops${randomBytes(3).toString('hex')}`;
    await database!.write((tx) => tx.get(insertAdmin, { username, passwordHash, now: Date.now() }));
    const adminToken = (await call(a, '/api/admin/login', null, { username, password: 'admin-password-1' }))
      .token as string;

    const player = await register(a);
    const [playerOnB, deskOnB] = [await socketOn(b, player.token), await socketOn(b, adminToken)];
    const before = await call(a, '/api/game-state/state', player.token);

    const { transactionId } = await call(a, '/api/credits/deposit-request', player.token, {
      amount: 0.01,
      cryptoType: 'ETH',
      cryptoAddress: '0xsender',
      reference: txHashFor('ETH'),
    });
    expect((await deskOnB.next('queue')).data).toEqual({ kind: 'deposit', transactionId, status: 'pending' });
    expect((await playerOnB.next('transaction')).data.transaction.status).toBe('pending');

    const sent = Date.now();
    await call(a, '/api/admin/approve-deposit', adminToken, { transactionId, diceRollsCount: 30 });
    const state = await playerOnB.next('state');
    const took = Date.now() - sent;
    expect(state.data.diceRollsRemaining).toBe(before.diceRollsRemaining + 30);
    expect((await deskOnB.next('queue')).data).toEqual({ kind: 'deposit', transactionId, status: 'approved' });
    expect(took).toBeLessThan(3_000);
  });

  it('a logout on A closes the sockets the player holds on B with 4401', async () => {
    const player = await register(a);
    const onB = await socketOn(b, player.token);
    const onA = await socketOn(a, player.token);
    await call(a, '/api/auth/logout', player.token, {});
    for (const socket of [onA, onB]) expect((await socket.closed).code).toBe(WsCloseCode.UNAUTHORIZED);
  });

  it('a friend coming online on A is told to the friend on B', async () => {
    const [ann, bob] = [await register(a), await register(b)];
    const { request } = await call(a, '/api/user/friend-request', ann.token, { toUserId: bob.id });
    await call(b, `/api/user/friend-request/${request.id}/respond`, bob.token, { response: 'accept' });
    const bobOnB = await socketOn(b, bob.token);
    await socketOn(a, ann.token);
    expect((await bobOnB.next('friend')).data).toEqual({ kind: 'online', userId: ann.id });
  });
});
