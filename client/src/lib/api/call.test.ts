// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { FriendList, GameStateDto, RollResult } from '@gogo/shared/api';
import * as adminMoney from '@gogo/shared/api/endpoints/admin-money';
import * as adminUsers from '@gogo/shared/api/endpoints/admin-users';
import * as friends from '@gogo/shared/api/endpoints/friends';
import * as game from '@gogo/shared/api/endpoints/game';
import * as userAccount from '@gogo/shared/api/endpoints/user-account';
import * as userSocial from '@gogo/shared/api/endpoints/user-social';
import { session } from '../session';
import { call, toQueryString, type CallArgs } from './call';
import { callMultipart } from './files';

const user = { id: 1, username: 'alice', email: 'alice@example.com', lastLogin: null };

function stubFetch(data: unknown = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(JSON.stringify({ success: true, data }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (fetchMock: ReturnType<typeof stubFetch>, n = 0) => {
  const [url, init] = fetchMock.mock.calls[n] as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

describe('call: types from the entry', () => {
  it('answers the data of the success envelope', () => {
    // Functions, not calls: only their types are checked.
    expectTypeOf(() => call(game.gameState)).returns.resolves.toEqualTypeOf<GameStateDto>();
    expectTypeOf(() => call(game.roll, { body: { requestId: 'r' } })).returns.resolves.toEqualTypeOf<RollResult>();
    expectTypeOf(() => call(friends.friendList, { params: { id: 1 } })).returns.resolves.toEqualTypeOf<FriendList>();
  });

  it('requires params and a body only when the entry has them', () => {
    expectTypeOf<CallArgs<typeof friends.friendList>>().toHaveProperty('params').toEqualTypeOf<{ id: number }>();
    expectTypeOf<CallArgs<typeof game.gameState>['params']>().toEqualTypeOf<undefined>();
    expectTypeOf<CallArgs<typeof game.gameState>['body']>().toEqualTypeOf<undefined>();
    // @ts-expect-error friendList names a player: params are required
    void (() => call(friends.friendList));
    // @ts-expect-error a friend request names its player in the body
    void (() => call(friends.sendFriendRequest));
    // The roll's body is optional (the request id makes a retry safe, but the route takes none too).
    void (() => call(game.roll));
    // @ts-expect-error a query the entry does not declare
    void (() => call(game.gameState, { query: { limit: 1 } }));
    // @ts-expect-error a path parameter of the wrong type
    void (() => call(friends.friendList, { params: { id: 'seven' } }));
    // A required query field (the search's text) makes the query required.
    // @ts-expect-error no query
    void (() => call(userSocial.searchUsers));
  });
});

describe('call: the request it sends', () => {
  beforeEach(() => {
    localStorage.clear();
    session.signOut();
    session.setAdminToken(null);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fills and encodes path parameters', async () => {
    const fetchMock = stubFetch();
    await call(friends.respondFriendRequest, { params: { id: 42 }, body: { response: 'accept' } });
    expect(sent(fetchMock).url).toBe('/api/user/friend-request/42/respond');
    expect(sent(fetchMock).init.method).toBe('POST');
    expect(sent(fetchMock).init.body).toBe('{"response":"accept"}');
    await call(friends.removeFriend, { params: { id: '1/../2' as unknown as number } });
    expect(sent(fetchMock, 1).url).toBe('/api/user/friend/1%2F..%2F2');
    expect(sent(fetchMock, 1).init.method).toBe('DELETE');
    expect(sent(fetchMock, 1).init.body).toBeUndefined();
  });

  it('serialises the query without empty values', async () => {
    const fetchMock = stubFetch();
    await call(adminMoney.allTransactions, {
      query: { startDate: '', endDate: undefined, type: 'deposit', page: 2, limit: 25 },
    });
    expect(sent(fetchMock).url).toBe('/api/admin/all-transactions?type=deposit&page=2&limit=25');
    await call(userSocial.searchUsers, { query: { query: 'a b&c', limit: 10 } });
    expect(sent(fetchMock, 1).url).toBe('/api/user/search?query=a+b%26c&limit=10');
    expect(toQueryString({ a: 1, b: '', c: null, d: undefined, e: 'x y' })).toBe('?a=1&e=x+y');
    expect(toQueryString({})).toBe('');
  });

  it('sends the admin token for admin entries and the player token for player entries', async () => {
    session.signIn('player-token', user);
    session.setAdminToken('admin-token');
    const fetchMock = stubFetch();
    await call(adminUsers.userDetail, { params: { userId: 7 } });
    await call(game.gameState);
    expect(sent(fetchMock, 0).url).toBe('/api/admin/users/7');
    expect(sent(fetchMock, 0).headers.Authorization).toBe('Bearer admin-token');
    expect(sent(fetchMock, 1).headers.Authorization).toBe('Bearer player-token');
  });

  it('a POST without a body sends an empty JSON object', async () => {
    const fetchMock = stubFetch();
    await call(adminMoney.cleanupCorruptedDeposits);
    expect(sent(fetchMock).init.body).toBe('{}');
    expect(sent(fetchMock).headers['Content-Type']).toBe('application/json');
  });

  it('sends a multipart entry as form data, without a JSON content type', async () => {
    session.signIn('player-token', user);
    const fetchMock = stubFetch({ avatarUrl: null });
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await callMultipart(userAccount.uploadAvatar, { params: { id: 1 }, form: { avatar: file } });
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe('/api/user/avatar/1');
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBe('Bearer player-token');
  });
});
