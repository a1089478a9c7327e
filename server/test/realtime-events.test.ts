import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERRAL_REWARD_GOGO } from '@gogo/shared/rules';
import { bearer, createTestApp, newPlayer, registerPlayer, type TestContext } from './helpers.js';
import { creditGogo, createTestAdmin, makeEligibleToWithdraw, txHashFor } from './money-helpers.js';
import { authedSocket, silentFor, type SocketClient } from './realtime-helpers.js';

/**
 * Each event kind over a real socket: caused through the HTTP API (as a browser or an admin would),
 * received on the socket with the data read again by the server.
 */
let ctx: TestContext;
let url: string;
const sockets: SocketClient[] = [];
const open = async (token: string) => {
  const socket = await authedSocket(url, token);
  sockets.push(socket);
  return socket;
};

const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token: string, payload?: object) =>
  ctx.app.inject({ method, url: path, headers: bearer(token), ...(payload ? { payload } : {}) });

async function ok(method: 'GET' | 'POST' | 'DELETE', path: string, token: string, payload?: object) {
  const res = await call(method, path, token, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${path}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

const roll = async (token: string) => {
  ctx.clock.advance(1_100); // past the 1 s cooldown
  return ok('POST', '/api/game/roll', token, {});
};

beforeAll(async () => {
  ctx = await createTestApp({ trustProxy: ['127.0.0.1'] }, { realtime: { viewIntervalMs: 100 } });
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/ws`;
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await ctx.close();
});

describe('player events', () => {
  it('a deposit: the row, the admins queue and figures, then the approved dice and row, to this player only', async () => {
    const player = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    const admin = await createTestAdmin(ctx);
    const [mine, theirs, desk] = [await open(player.token), await open(other.token), await open(admin.token)];
    const before = await ok('GET', '/api/game-state/state', player.token);

    const { transactionId } = await ok('POST', '/api/credits/deposit-request', player.token, {
      amount: 0.01,
      cryptoType: 'ETH',
      cryptoAddress: '0xsender',
      reference: txHashFor('ETH'),
    });
    const pendingRow = await mine.next('transaction');
    expect(pendingRow.data.transaction).toMatchObject({ _id: String(transactionId), status: 'pending' });
    expect((await desk.next('queue')).data).toEqual({ kind: 'deposit', transactionId, status: 'pending' });
    // The periodic check may have sent the figures of before the deposit first.
    let figures = await desk.next('summary');
    while (figures.data.pendingDeposits < 1) figures = await desk.next('summary');

    await ok('POST', '/api/admin/approve-deposit', admin.token, { transactionId, diceRollsCount: 25 });
    const state = await mine.next('state');
    expect(state.data.diceRollsRemaining).toBe(before.diceRollsRemaining + 25);
    expect(state.data).toEqual(await ok('GET', '/api/game-state/state', player.token));
    expect((await mine.next('transaction')).data.transaction).toMatchObject({
      _id: String(transactionId),
      status: 'approved',
    });
    expect((await desk.next('queue')).data).toEqual({ kind: 'deposit', transactionId, status: 'approved' });
    expect(await silentFor(theirs, 'state', 200)).toBe(true);
    expect(theirs.all('transaction')).toEqual([]);
  });

  it('a rejected withdrawal pushes the refunded balance and the rejected row', async () => {
    const player = await registerPlayer(ctx.app);
    await creditGogo(ctx, player.user.id, 250);
    await makeEligibleToWithdraw(ctx.database, player.user.id, ctx.clock());
    const socket = await open(player.token);
    const { transactionId } = await ok('POST', '/api/credits/withdrawal-request', player.token, {
      amount: 150,
      cryptoType: 'SOL',
      cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    });
    expect((await socket.next('state')).data.balance).toBe(100); // the hold, seen by the player's other tabs
    const admin = await createTestAdmin(ctx);
    await ok('POST', '/api/admin/reject-withdrawal', admin.token, { transactionId, reason: 'address unknown' });
    expect((await socket.next('state')).data.balance).toBe(250);
    const rows = [await socket.next('transaction'), await socket.next('transaction')];
    expect(rows.map((m) => [m.data.transaction._id, m.data.transaction.status])).toEqual([
      [String(transactionId), 'pending'],
      [String(transactionId), 'rejected'],
    ]);
  });

  it('a daily claim, an admin grant and an admin sync push the state', async () => {
    const player = await registerPlayer(ctx.app);
    const socket = await open(player.token);
    const claim = await ok('POST', '/api/daily-dice-roll/claim', player.token);
    expect((await socket.next('state')).data.diceRollsRemaining).toBe(claim.diceRollsRemaining);

    const admin = await createTestAdmin(ctx);
    await ok('POST', '/api/credits/grant', admin.token, { userId: player.user.id, amount: 250 });
    expect((await socket.next('state')).data.balance).toBe(250);

    // A sync that finds nothing to repair changes nothing, and pushes nothing.
    await ok('POST', `/api/admin/sync-user-balance/${player.user.id}`, admin.token);
    expect(await silentFor(socket, 'state', 200)).toBe(true);
  });

  it("the referrer's bonus arrives when the friend's first $10 deposit is approved", async () => {
    // From addresses of their own: sign-ups that share the referrer's address earn nothing.
    const [referrer, friend] = await Promise.all(
      ['198.51.100.71', '198.51.100.72'].map(async (ip) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'x-forwarded-for': ip },
          payload: newPlayer(),
        });
        expect(res.statusCode).toBe(201);
        return res.json().data as { token: string; user: { id: number } };
      }),
    );
    const { referralCode } = await ok('GET', '/api/referrals/my-code', referrer!.token);
    await ok('POST', '/api/referrals/accept', friend!.token, { code: referralCode });
    const socket = await open(referrer!.token);
    const before = (await ok('GET', '/api/game-state/state', referrer!.token)).balance as number;
    const { transactionId } = await ok('POST', '/api/credits/deposit-request', friend!.token, {
      amount: 10,
      cryptoType: 'USDT',
      cryptoAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
      reference: txHashFor('USDT'),
    });
    expect(await silentFor(socket, 'state', 100)).toBe(true);
    const admin = await createTestAdmin(ctx);
    await ok('POST', '/api/admin/approve-deposit', admin.token, { transactionId, diceRollsCount: 100 });
    expect((await socket.next('state')).data.balance).toBe(before + REFERRAL_REWARD_GOGO);
  });

  it('nothing is sent for a transaction that rolled back', async () => {
    const player = await registerPlayer(ctx.app);
    await makeEligibleToWithdraw(ctx.database, player.user.id, ctx.clock());
    const admin = await createTestAdmin(ctx);
    const [socket, desk] = [await open(player.token), await open(admin.token)];
    const res = await call('POST', '/api/credits/withdrawal-request', player.token, {
      amount: 1000, // within the 24-hour cap, above the balance of 0: refused inside the transaction
      cryptoType: 'SOL',
      cryptoAddress: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
    });
    expect(res.statusCode).toBe(400);
    expect(await silentFor(desk, 'queue', 300)).toBe(true);
    expect(socket.all('transaction')).toEqual([]);
    expect(socket.all('state')).toEqual([]);
  });
});

describe('friends, achievements and the leaderboard', () => {
  it('a request, its acceptance, and a friend coming online and going offline', async () => {
    const [ann, bob] = [await registerPlayer(ctx.app), await registerPlayer(ctx.app)];
    const annSocket = await open(ann.token);
    const { request } = await ok('POST', '/api/user/friend-request', bob.token, { toUserId: ann.user.id });
    expect((await annSocket.next('friend')).data).toEqual({ kind: 'request', userId: bob.user.id });

    const bobSocket = await open(bob.token);
    // Bob's first socket tells his friends he is online: Ann is not his friend yet.
    expect(await silentFor(annSocket, 'friend', 150)).toBe(true);
    await ok('POST', `/api/user/friend-request/${request.id}/respond`, ann.token, { response: 'accept' });
    expect((await bobSocket.next('friend')).data).toEqual({ kind: 'accepted', userId: ann.user.id });

    bobSocket.close();
    expect((await annSocket.next('friend')).data).toEqual({ kind: 'offline', userId: bob.user.id });
    await open(bob.token);
    expect((await annSocket.next('friend')).data).toEqual({ kind: 'online', userId: bob.user.id });

    await ok('DELETE', `/api/user/friend/${ann.user.id}`, bob.token);
    expect((await annSocket.next('friend')).data).toEqual({ kind: 'removed', userId: bob.user.id });
  });

  it("someone's first roll reaches everyone's achievements feed; the top of the leaderboard follows", async () => {
    const watcher = await registerPlayer(ctx.app);
    const socket = await open(watcher.token);
    const newcomer = await registerPlayer(ctx.app);
    await roll(newcomer.token);
    const feed = await socket.next('achievement');
    expect(feed.data.achievements[0]).toMatchObject({ userId: newcomer.user.id, achievementId: 'first_roll' });
    expect(feed.data.achievements).toEqual(
      (await ok('GET', '/api/realtime/achievements/recent', watcher.token)).achievements,
    );

    // A first roll ranks the newcomer (fewer than 10 players are ranked here): the next periodic check
    // pushes the new top.
    let top = await socket.next('leaderboard', 2000);
    while (!top.data.entries.some((e) => e.userId === newcomer.user.id)) top = await socket.next('leaderboard', 2000);
    const board = await ok('GET', '/api/player-stats/leaderboard?limit=10', watcher.token);
    expect(top.data.entries).toEqual(
      board.entries.map((e: Record<string, unknown>) => ({
        rank: e.rank,
        userId: e.userId,
        username: e.username,
        score: e.score,
        level: e.level,
      })),
    );
    // Unchanged top: nothing more is pushed.
    expect(await silentFor(socket, 'leaderboard', 400)).toBe(true);
  });
});

describe('admin figures', () => {
  it('the summary is pushed at most once per interval however many changes come', async () => {
    const slow = await createTestApp({}, { realtime: { viewIntervalMs: 1_000 } });
    try {
      const address = await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await createTestAdmin(slow);
      const desk = await authedSocket(`${address.replace('http', 'ws')}/api/ws`, admin.token);
      sockets.push(desk);
      const player = await registerPlayer(slow.app);
      // The first periodic check sends the figures as they are; the interval starts from there.
      await desk.next('summary', 2_000);
      const deposit = () =>
        slow.app.inject({
          method: 'POST',
          url: '/api/credits/deposit-request',
          headers: bearer(player.token),
          payload: { amount: 0.01, cryptoType: 'ETH', cryptoAddress: '0xsender', reference: txHashFor('ETH') },
        });
      for (let i = 0; i < 3; i++) expect((await deposit()).statusCode).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(desk.all('queue')).toHaveLength(3); // queue events are not throttled
      expect(desk.all('summary')).toHaveLength(1); // the figures wait for the interval
      const next = await desk.next('summary', 2_000);
      expect(next.data.pendingDeposits).toBe(3); // one push carries all three changes
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(desk.all('summary')).toHaveLength(2); // and nothing changed since
    } finally {
      await slow.close();
    }
  });
});
