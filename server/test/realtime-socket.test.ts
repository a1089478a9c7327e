import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WsCloseCode } from '@gogo/shared/api';
import { errorTextByCode, realtimeText, serverText } from '@gogo/shared/messages';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { createTestAdmin } from './money-helpers.js';
import { authedSocket, connectSocket, type SocketClient } from './realtime-helpers.js';

/** The socket's protocol over a real listening server: auth, 4401 cases, revocation, limits. */
let ctx: TestContext;
let url: string;
const sockets: SocketClient[] = [];

const track = <T extends SocketClient>(client: T) => {
  sockets.push(client);
  return client;
};
const open = async (token: string) => track(await authedSocket(url, token));
const raw = async () => track(await connectSocket(url));

beforeAll(async () => {
  ctx = await createTestApp(
    {},
    { realtime: { authTimeoutMs: 300, heartbeatMs: 400, maxPerAccount: 5, viewIntervalMs: 100 } },
  );
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${address.replace('http', 'ws')}/api/ws`;
});

afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await ctx.close();
});

describe('GET /api/ws: authentication', () => {
  it('answers ready with the role for a player and for an admin token', async () => {
    const player = await registerPlayer(ctx.app);
    const socket = await open(player.token);
    const ready = socket.all('ready')[0]!;
    expect(ready.role).toBe('player');
    expect(ready.data).toMatchObject({ role: 'player', accountId: player.user.id });
    expect(Date.parse(ready.at)).toBe(ctx.clock());

    const admin = await createTestAdmin(ctx);
    const adminSocket = await open(admin.token);
    expect(adminSocket.all('ready')[0]).toMatchObject({ role: 'admin', data: { accountId: admin.id } });
  });

  it('closes with 4401 when no auth message arrives in time', async () => {
    const socket = await raw();
    expect(await socket.closed).toEqual({ code: WsCloseCode.UNAUTHORIZED, reason: realtimeText.authTimeout });
  });

  it('closes with 4401 when the first message is not an auth message', async () => {
    for (const first of [{ type: 'ping' }, 'not json', { type: 'auth' }, { type: 'auth', token: '' }]) {
      const socket = await raw();
      socket.send(first);
      expect(await socket.closed).toEqual({ code: WsCloseCode.UNAUTHORIZED, reason: realtimeText.authFirst });
    }
  });

  it('closes with 4401 on a bad, forged, expired or revoked token', async () => {
    const player = await registerPlayer(ctx.app);
    const expect4401 = async (token: string, reason: string) => {
      const socket = await raw();
      socket.send({ type: 'auth', token });
      expect(await socket.closed).toEqual({ code: WsCloseCode.UNAUTHORIZED, reason });
    };
    await expect4401('not-a-token', serverText.invalidToken);
    // Signed with another secret.
    const [head, body] = player.token.split('.');
    await expect4401(`${head}.${body}.c2lnbmF0dXJlLW9mLWFub3RoZXI`, serverText.invalidToken);

    const shortLived = ctx.app.signToken('player', player.user.id, 0, { ttlSeconds: 60 });
    ctx.clock.advance(61_000);
    await expect4401(shortLived, errorTextByCode.TOKEN_EXPIRED);

    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(player.token) });
    expect(res.statusCode).toBe(200);
    await expect4401(player.token, serverText.invalidToken);
  });

  it('closes an open socket with 4401 when its token expires', async () => {
    const player = await registerPlayer(ctx.app);
    const token = ctx.app.signToken('player', player.user.id, 0, { ttlSeconds: 1 });
    const socket = await open(token);
    ctx.clock.advance(2_000);
    expect(await socket.closed).toEqual({ code: WsCloseCode.UNAUTHORIZED, reason: serverText.invalidToken });
  });
});

describe('GET /api/ws: revocation closes the account sockets with 4401', () => {
  const expectRevoked = async (socket: SocketClient) =>
    expect(await socket.closed).toEqual({ code: WsCloseCode.UNAUTHORIZED, reason: serverText.invalidToken });

  it('on logout: every socket of the old token, not the one signed in again afterwards', async () => {
    const player = await registerPlayer(ctx.app);
    const [a, b] = [await open(player.token), await open(player.token)];
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(player.token) });
    await expectRevoked(a);
    await expectRevoked(b);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: player.user.email, password: player.password },
    });
    const fresh = await open(login.json().data.token);
    const other = await registerPlayer(ctx.app);
    const bystander = await open(other.token);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(other.token) });
    await expectRevoked(bystander);
    expect(fresh.isOpen()).toBe(true);
  });

  it('on an admin password reset, a deactivation and a deletion', async () => {
    const admin = await createTestAdmin(ctx);
    const reset = await registerPlayer(ctx.app);
    const resetSocket = await open(reset.token);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/reset-user-password',
      headers: bearer(admin.token),
      payload: { userId: reset.user.id, newPassword: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    await expectRevoked(resetSocket);

    const leaver = await registerPlayer(ctx.app);
    const leaverSocket = await open(leaver.token);
    const off = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/deactivate/${leaver.user.id}`,
      headers: bearer(leaver.token),
      payload: {},
    });
    expect(off.statusCode).toBe(200);
    await expectRevoked(leaverSocket);

    const gone = await registerPlayer(ctx.app);
    const goneSocket = await open(gone.token);
    const del = await ctx.app.inject({
      method: 'POST',
      url: `/api/user/delete/${gone.user.id}`,
      headers: bearer(gone.token),
      payload: { password: gone.password },
    });
    expect(del.statusCode).toBe(200);
    await expectRevoked(goneSocket);
  });

  it("on an admin's logout", async () => {
    const admin = await createTestAdmin(ctx);
    const socket = await open(admin.token);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/logout', headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    await expectRevoked(socket);
  });
});

describe('GET /api/ws: messages and limits', () => {
  it('answers ping with pong, anything else with an error, and never changes a value', async () => {
    const player = await registerPlayer(ctx.app);
    const socket = await open(player.token);
    socket.send({ type: 'ping' });
    expect((await socket.next('pong')).data).toEqual({});

    socket.send({ type: 'auth', token: player.token });
    expect((await socket.next('error')).data).toEqual({
      code: 'ALREADY_AUTHENTICATED',
      message: realtimeText.alreadyAuthenticated,
    });
    const before = (
      await ctx.app.inject({ method: 'GET', url: '/api/game-state/state', headers: bearer(player.token) })
    ).json().data;
    for (const attempt of [
      { type: 'roll' },
      { type: 'state', data: { balance: 1_000_000, diceRollsRemaining: 999 } },
      { type: 'grant', userId: player.user.id, amount: 1000 },
    ]) {
      socket.send(attempt);
      expect((await socket.next('error')).data).toEqual({
        code: 'UNKNOWN_MESSAGE',
        message: realtimeText.unknownMessage,
      });
    }
    socket.send('{"no type": true}');
    expect((await socket.next('error')).data.code).toBe('BAD_MESSAGE');
    const after = (
      await ctx.app.inject({ method: 'GET', url: '/api/game-state/state', headers: bearer(player.token) })
    ).json().data;
    expect(after).toEqual(before);
    expect(socket.isOpen()).toBe(true);
  });

  it('closes a message over 4,096 bytes with 1009', async () => {
    const player = await registerPlayer(ctx.app);
    const socket = await open(player.token);
    socket.send({ type: 'ping', pad: 'x'.repeat(5000) });
    expect((await socket.closed).code).toBe(1009);
  });

  it('closes a client that floods the socket with 4429', async () => {
    const player = await registerPlayer(ctx.app);
    const socket = await open(player.token);
    for (let i = 0; i < 40; i++) socket.send({ type: 'ping' });
    expect(await socket.closed).toEqual({
      code: WsCloseCode.TOO_MANY_MESSAGES,
      reason: realtimeText.tooManyMessages,
    });
  });

  it('keeps 5 sockets per account: a sixth closes the oldest with 4409', async () => {
    const player = await registerPlayer(ctx.app);
    const five = [];
    for (let i = 0; i < 5; i++) five.push(await open(player.token));
    const sixth = await open(player.token);
    expect(await five[0]!.closed).toEqual({ code: WsCloseCode.REPLACED, reason: realtimeText.replaced });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(five.slice(1).every((s) => s.isOpen())).toBe(true);
    expect(sixth.isOpen()).toBe(true);
  });

  it('drops a socket that stops answering pings within two heartbeats', async () => {
    const player = await registerPlayer(ctx.app);
    const socket = track(await connectSocket(url, { autoPong: false }));
    socket.send({ type: 'auth', token: player.token });
    await socket.next('ready');
    const started = Date.now();
    expect((await socket.closed).code).toBe(1006); // cut, not closed politely: the peer is gone
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers a plain GET (no upgrade) with 426 in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({
      success: false,
      error: { code: 'UPGRADE_REQUIRED', message: realtimeText.upgradeRequired },
    });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const op = doc.paths['/api/ws'].get;
    expect(op.tags).toEqual(['realtime']);
    expect(op.description).toContain('4401');
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['101', '426']));
  });
});

describe('GET /api/ws: back-pressure', () => {
  it('closes a socket whose unsent data would pass the limit with 4408 instead of buffering it', async () => {
    const tiny = await createTestApp({}, { realtime: { maxBufferedBytes: 64 } });
    try {
      const address = await tiny.app.listen({ port: 0, host: '127.0.0.1' });
      const player = await registerPlayer(tiny.app);
      const socket = track(await authedSocket(`${address.replace('http', 'ws')}/api/ws`, player.token));
      // A daily claim pushes the whole game state: far more than 64 bytes.
      await tiny.app.inject({ method: 'POST', url: '/api/daily-dice-roll/claim', headers: bearer(player.token) });
      expect(await socket.closed).toEqual({ code: WsCloseCode.TOO_SLOW, reason: realtimeText.tooSlow });
    } finally {
      await tiny.close();
    }
  });
});

describe('GET /api/ws: a bus that cannot listen', () => {
  it('closes an authenticated socket with 1013 when the bus does not listen in time, never ready', async () => {
    const down = await createTestApp({}, { realtime: { authTimeoutMs: 300 } });
    try {
      // The bus's LISTEN connection cannot open (its database is away): wanted, down, and not coming back.
      Object.assign(down.database.events, {
        listenState: () => 'down' as const,
        whenListening: () => new Promise<void>(() => undefined),
      });
      const address = await down.app.listen({ port: 0, host: '127.0.0.1' });
      const player = await registerPlayer(down.app);
      const socket = track(await connectSocket(`${address.replace('http', 'ws')}/api/ws`));
      socket.send({ type: 'auth', token: player.token });
      expect(await socket.closed).toEqual({ code: WsCloseCode.TRY_AGAIN_LATER, reason: realtimeText.notListening });
      expect(socket.all('ready')).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
