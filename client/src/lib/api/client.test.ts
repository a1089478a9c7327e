// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as adminReports from '@gogo/shared/api/endpoints/admin-reports';
import * as auth from '@gogo/shared/api/endpoints/auth';
import * as game from '@gogo/shared/api/endpoints/game';
import * as health from '@gogo/shared/api/endpoints/health';
import * as prices from '@gogo/shared/api/endpoints/prices';
import { call } from './call';
import { IDEMPOTENT_RETRIES, setUnauthorizedHandler } from './client';
import { ApiError } from './errors';
import { session } from '../session';

const user = { id: 1, username: 'alice', email: 'alice@example.com', lastLogin: null };

function respond(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('call: the HTTP exchange', () => {
  let unauthorized: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    localStorage.clear();
    session.signOut();
    session.setAdminToken(null);
    unauthorized = vi.fn<() => void>();
    setUnauthorizedHandler(unauthorized);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the player token as a bearer header and unwraps data', async () => {
    session.signIn('player-token', user);
    const fetchMock = respond(200, { success: true, data: { ok: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(auth.me)).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer player-token');
  });

  it("sends the browser's device id as X-Device-Id, the same on every call", async () => {
    const fetchMock = respond(200, { success: true, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await call(auth.login, { body: { email: 'a@example.com', password: 'x' } });
    await call(prices.latestPrices);
    const sent = fetchMock.mock.calls.map(
      (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-Device-Id'],
    );
    expect(sent[0]).toMatch(/^0x[0-9a-f]{40}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(localStorage.getItem('gogo.deviceId')).toBe(sent[0]);
  });

  it('uses the admin token for admin entries', async () => {
    session.signIn('player-token', user);
    session.setAdminToken('admin-token');
    const fetchMock = respond(200, { success: true, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await call(adminReports.summary);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/summary');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
  });

  it('sends no token to a route whose auth is none, even when signed in', async () => {
    session.signIn('player-token', user);
    session.setAdminToken('admin-token');
    const fetchMock = respond(200, { success: true, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await call(health.health);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('a 401 on an authenticated player call clears the session and goes to /login', async () => {
    session.signIn('player-token', user);
    vi.stubGlobal('fetch', respond(401, { success: false, error: { code: 'INVALID_TOKEN', message: 'no' } }));
    await expect(call(game.gameState)).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(localStorage.getItem('gogo.token')).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 on an admin call drops the admin token only; one without a token (a wrong password) signs nobody out', async () => {
    vi.stubGlobal('fetch', respond(401, { success: false, error: { code: 'INVALID_CREDENTIALS', message: 'x' } }));
    await expect(call(auth.login, { body: { email: 'a@example.com', password: 'x' } })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    session.signIn('player-token', user);
    session.setAdminToken('admin-token');
    await expect(call(adminReports.summary)).rejects.toMatchObject({ status: 401 });
    expect(session.get().token).toBe('player-token');
    expect(session.get().adminToken).toBeNull();
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('a 401 for a token the session already left (logged out, or in again as someone else) ends nothing', async () => {
    const pending: Array<(response: Response) => void> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve))),
    );
    const refuse = async () => {
      await vi.waitFor(() => expect(pending.length).toBeGreaterThan(0));
      const body = { success: false, error: { code: 'INVALID_TOKEN', message: 'no' } };
      pending.shift()!(new Response(JSON.stringify(body), { status: 401 }));
    };

    session.signIn('old-token', user);
    const afterLogout = call(game.gameState);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    session.signOut();
    await refuse();
    await expect(afterLogout).rejects.toMatchObject({ status: 401 });
    expect(unauthorized).not.toHaveBeenCalled();

    session.signIn('old-token', user);
    session.setAdminToken('old-admin-token');
    const player = call(game.gameState);
    const admin = call(adminReports.summary);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    session.signIn('new-token', { ...user, id: 2, username: 'bob' });
    session.setAdminToken('new-admin-token');
    await refuse();
    await refuse();
    await expect(player).rejects.toMatchObject({ status: 401 });
    await expect(admin).rejects.toMatchObject({ status: 401 });
    expect(session.get().token).toBe('new-token');
    expect(session.get().adminToken).toBe('new-admin-token');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('turns a failed fetch into a network error and a non-envelope answer into an invalid response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(call(health.health)).rejects.toMatchObject({ kind: 'network', status: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(call(health.health)).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('times out slow calls', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    await expect(call(health.health, { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
  });
});

describe('call: idempotent writes ride out a restart', () => {
  const unavailable = () =>
    new Response(
      JSON.stringify({
        success: false,
        error: { code: 'SERVICE_UNAVAILABLE', message: 'Service temporarily unavailable.' },
      }),
      { status: 503, headers: { 'content-type': 'application/json', 'retry-after': '1' } },
    );
  const rolled = () => new Response(JSON.stringify({ success: true, data: { rolled: true } }), { status: 200 });
  const bodies = (fetchMock: ReturnType<typeof vi.fn>) =>
    fetchMock.mock.calls.map((c) => JSON.parse(String((c as unknown as [string, RequestInit])[1].body)));

  beforeEach(() => {
    localStorage.clear();
    session.signIn('player-token', user);
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('retries a write carrying a requestId after a 503, a 502 and a dropped connection, with the same requestId', async () => {
    const answers = [
      () => unavailable(),
      () => new Response('<html>bad gateway</html>', { status: 502 }),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => rolled(),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!());
    vi.stubGlobal('fetch', fetchMock);
    const result = call(game.roll, { body: { requestId: 'roll-1' } });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ rolled: true });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(bodies(fetchMock).map((b) => b.requestId)).toEqual(['roll-1', 'roll-1', 'roll-1', 'roll-1']);
  });

  it('waits at least the answer’s Retry-After before the next attempt', async () => {
    const fetchMock = vi.fn(async () => (fetchMock.mock.calls.length === 1 ? unavailable() : rolled()));
    vi.stubGlobal('fetch', fetchMock);
    const result = call(game.roll, { body: { requestId: 'roll-2' } });
    await vi.advanceTimersByTimeAsync(990);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ rolled: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('gives up after its retries and shows the last failure', async () => {
    const fetchMock = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetchMock);
    const result = call(game.roll, { body: { requestId: 'roll-3' } });
    const settled = expect(result).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    await vi.runAllTimersAsync();
    await settled;
    expect(fetchMock).toHaveBeenCalledTimes(IDEMPOTENT_RETRIES + 1);
  });

  it('does not resend a write without a requestId, nor any answer other than 502/503', async () => {
    const fetchMock = vi.fn(async () => unavailable());
    vi.stubGlobal('fetch', fetchMock);
    await expect(call(game.roll, { body: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const refused = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, error: { code: 'NO_ROLLS', message: 'x' } }), { status: 400 }),
    );
    vi.stubGlobal('fetch', refused);
    await expect(call(game.roll, { body: { requestId: 'roll-4' } })).rejects.toMatchObject({ code: 'NO_ROLLS' });
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
