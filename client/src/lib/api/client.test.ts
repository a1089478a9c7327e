// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, setUnauthorizedHandler } from './client';
import { ApiError } from './errors';
import { session } from '../session';

const user = { id: 1, username: 'alice', email: 'alice@example.com', lastLogin: null };

function respond(status: number, body: unknown) {
  return vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

describe('api client', () => {
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
    await expect(api.get('/auth/me')).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer player-token');
  });

  it("sends the browser's device id as X-Device-Id, the same on every call (issue 13)", async () => {
    const fetchMock = respond(200, { success: true, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/auth/login', { email: 'a@example.com', password: 'x' });
    await api.get('/prices');
    const sent = fetchMock.mock.calls.map(
      (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-Device-Id'],
    );
    expect(sent[0]).toMatch(/^0x[0-9a-f]{40}$/);
    expect(sent[1]).toBe(sent[0]);
    expect(localStorage.getItem('gogo.deviceId')).toBe(sent[0]);
  });

  it('uses the admin token for /admin paths', async () => {
    session.signIn('player-token', user);
    session.setAdminToken('admin-token');
    const fetchMock = respond(200, { success: true, data: {} });
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/admin/summary');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
  });

  it('a 401 on an authenticated player call clears the session and goes to /login', async () => {
    session.signIn('player-token', user);
    vi.stubGlobal('fetch', respond(401, { success: false, error: { code: 'INVALID_TOKEN', message: 'no' } }));
    await expect(api.get('/game-state/state')).rejects.toBeInstanceOf(ApiError);
    expect(session.get().token).toBeNull();
    expect(localStorage.getItem('gogo.token')).toBeNull();
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 on an admin call or without a token (a wrong password) does not sign out', async () => {
    vi.stubGlobal('fetch', respond(401, { success: false, error: { code: 'INVALID_CREDENTIALS', message: 'x' } }));
    await expect(api.post('/auth/login', {})).rejects.toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS' });
    session.signIn('player-token', user);
    session.setAdminToken('admin-token');
    await expect(api.get('/admin/summary')).rejects.toMatchObject({ status: 401 });
    expect(session.get().token).toBe('player-token');
    expect(unauthorized).not.toHaveBeenCalled();
  });

  it('turns a failed fetch into a network error and a non-envelope answer into an invalid response', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/health')).rejects.toMatchObject({ kind: 'network', status: null });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 200 })),
    );
    await expect(api.get('/health')).rejects.toMatchObject({ kind: 'invalid-response' });
  });

  it('times out slow calls', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    await expect(api.get('/health', { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });
  });
});
