import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerPlayer, type TestContext } from './helpers.js';
import { grantDice, rollOnce } from './engine-helpers.js';

let ctx: TestContext;
beforeEach(async () => {
  await ctx?.close();
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Player = Awaited<ReturnType<typeof registerPlayer>>;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Player, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(who.token), ...(payload ? { payload } : {}) });
const request = (from: Player, to: Player) => call('POST', '/api/user/friend-request', from, { toUserId: to.user.id });
const respond = (who: Player, id: number, response: string) =>
  call('POST', `/api/user/friend-request/${id}/respond`, who, { response });
const setPrivacy = (p: Player, privacy: object) => call('PATCH', `/api/user/privacy/${p.user.id}`, p, { privacy });
const named = (name: string) =>
  registerPlayer(ctx.app, { username: name, email: `${name.toLowerCase()}@example.com`, password: 'secret123' });

describe('friend requests', () => {
  it('send, list, accept: both become friends and see each other in their lists', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const sent = await request(a, b);
    expect(sent.statusCode).toBe(201);
    const req = sent.json().data.request;
    expect(sent.json().data.becameFriends).toBe(false);
    expect(req).toMatchObject({
      status: 'pending',
      from: { id: a.user.id, username: a.user.username, avatarUrl: null },
      to: { id: b.user.id, username: b.user.username },
      respondedAt: null,
    });

    const bRequests = (await call('GET', `/api/user/friend-requests/${b.user.id}`, b)).json().data;
    expect(bRequests.incoming.map((r: any) => r.id)).toEqual([req.id]);
    expect(bRequests.outgoing).toEqual([]);
    const aRequests = (await call('GET', `/api/user/friend-requests/${a.user.id}`, a)).json().data;
    expect(aRequests.outgoing.map((r: any) => r.id)).toEqual([req.id]);

    const accepted = await respond(b, req.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.request.status).toBe('accepted');
    expect(accepted.json().data.friend).toMatchObject({ id: a.user.id, username: a.user.username, level: 1 });

    const aFriends = (await call('GET', `/api/user/friends/${a.user.id}`, a)).json().data;
    expect(aFriends).toMatchObject({ userId: a.user.id, total: 1 });
    expect(aFriends.friends[0]).toMatchObject({ id: b.user.id, presence: { isOnline: true } });
    const bFriends = (await call('GET', `/api/user/friends/${b.user.id}`, b)).json().data;
    expect(bFriends.friends.map((f: any) => f.id)).toEqual([a.user.id]);
    expect((await call('GET', `/api/user/friend-requests/${b.user.id}`, b)).json().data.incoming).toEqual([]);
  });

  it('refuses yourself, unknown players, duplicates and friends; asking back accepts', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const self = await request(a, a);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('CANNOT_FRIEND_SELF');
    expect((await call('POST', '/api/user/friend-request', a, { toUserId: 99999 })).statusCode).toBe(404);
    expect((await call('POST', '/api/user/friend-request', a, { toUserId: 'x' })).statusCode).toBe(400);

    expect((await request(a, b)).statusCode).toBe(201);
    const dup = await request(a, b);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('FRIEND_REQUEST_EXISTS');

    const back = await request(b, a);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ becameFriends: true, request: { status: 'accepted' } });
    const again = await request(a, b);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ALREADY_FRIENDS');
  });

  it('only the recipient accepts or declines, only the sender cancels, strangers get 404, answers are final', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const c = await registerPlayer(ctx.app);
    const id = (await request(a, b)).json().data.request.id;
    expect((await respond(a, id, 'accept')).statusCode).toBe(403);
    expect((await respond(b, id, 'cancel')).statusCode).toBe(403);
    expect((await respond(c, id, 'accept')).statusCode).toBe(404);
    expect((await respond(b, 99999, 'accept')).statusCode).toBe(404);
    expect((await respond(b, id, 'maybe')).statusCode).toBe(400);
    const declined = await respond(b, id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({ request: { status: 'declined' }, friend: null });
    const late = await respond(b, id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('FRIEND_REQUEST_NOT_PENDING');
    expect((await call('GET', `/api/user/friends/${b.user.id}`, b)).json().data.total).toBe(0);

    const id2 = (await request(b, c)).json().data.request.id;
    const cancelled = await respond(b, id2, 'cancel');
    expect(cancelled.json().data.request.status).toBe('cancelled');
    expect((await call('GET', `/api/user/friend-requests/${c.user.id}`, c)).json().data.incoming).toEqual([]);
  });

  it('after a decline the sender may ask again only 24 hours later', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    await respond(b, (await request(a, b)).json().data.request.id, 'decline');
    const soon = await request(a, b);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error.code).toBe('FRIEND_REQUEST_COOLDOWN');
    // The one who declined may still ask.
    const reverse = await request(b, a);
    expect(reverse.statusCode).toBe(201);
    await respond(b, reverse.json().data.request.id, 'cancel');
    ctx.clock.advance(24 * 3_600_000);
    expect((await request(a, b)).statusCode).toBe(201);
  });

  it('private players accept no requests; friend-requests of another player are 403', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    await setPrivacy(b, { profileVisibility: 'private' });
    const closed = await request(a, b);
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.code).toBe('FRIEND_REQUESTS_CLOSED');
    // A private player may still ask others.
    expect((await request(b, a)).statusCode).toBe(201);
    expect((await call('GET', `/api/user/friend-requests/${b.user.id}`, a)).statusCode).toBe(403);
  });

  it('removing a friend ends it for both; removing a non-friend is 404', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    await respond(b, (await request(a, b)).json().data.request.id, 'accept');
    const removed = await call('DELETE', `/api/user/friend/${a.user.id}`, b);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ removed: true, friendId: a.user.id });
    expect((await call('GET', `/api/user/friends/${a.user.id}`, a)).json().data.total).toBe(0);
    const again = await call('DELETE', `/api/user/friend/${a.user.id}`, b);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.code).toBe('NOT_FRIENDS');
    // And they may become friends again.
    expect((await request(a, b)).statusCode).toBe(201);
  });

  it("another player's friend list shows only friends whose profiles the viewer could open", async () => {
    const owner = await registerPlayer(ctx.app);
    const open = await registerPlayer(ctx.app);
    const closed = await registerPlayer(ctx.app);
    const viewer = await registerPlayer(ctx.app);
    for (const f of [open, closed]) await respond(f, (await request(owner, f)).json().data.request.id, 'accept');
    await setPrivacy(closed, { profileVisibility: 'private', showOnlineStatus: false });
    const seen = (await call('GET', `/api/user/friends/${owner.user.id}`, viewer)).json().data;
    expect(seen.friends.map((f: any) => f.id)).toEqual([open.user.id]);
    const own = (await call('GET', `/api/user/friends/${owner.user.id}`, owner)).json().data;
    expect(own.friends.map((f: any) => f.id).sort()).toEqual([open.user.id, closed.user.id].sort());
    // The private friend's presence stays hidden even from the owner.
    expect(own.friends.find((f: any) => f.id === closed.user.id).presence).toEqual({ isOnline: null, lastSeen: null });
  });
});

describe('search', () => {
  it('matches usernames case-insensitively, exact and prefix first, public fields only', async () => {
    const me = await named('Seeker');
    await named('zed_alpha');
    await named('alpha');
    await named('alphabet');
    const res = await call('GET', '/api/user/search?query=ALPHA', me);
    expect(res.statusCode).toBe(200);
    const results = res.json().data.results;
    expect(results.map((r: any) => r.username)).toEqual(['alpha', 'alphabet', 'zed_alpha']);
    expect(Object.keys(results[0]).sort()).toEqual(
      ['avatarUrl', 'canViewProfile', 'friendRequest', 'id', 'isFriend', 'level', 'username'].sort(),
    );
    expect(res.body).not.toContain('@example.com');
  });

  it('treats _ and % literally and never lists the caller', async () => {
    const me = await named('me_self');
    await named('a_b');
    await named('axb');
    const underscore = (await call('GET', '/api/user/search?query=a_b', me)).json().data.results;
    expect(underscore.map((r: any) => r.username)).toEqual(['a_b']);
    expect((await call('GET', '/api/user/search?query=%25', me)).json().data.results).toEqual([]);
    expect((await call('GET', '/api/user/search?query=me_self', me)).json().data.results).toEqual([]);
  });

  it('limit defaults to 10 and is capped at 50; an empty query is refused', async () => {
    const me = await named('boss');
    for (let i = 0; i < 12; i += 1) await named(`crowd${i}`);
    expect((await call('GET', '/api/user/search?query=crowd', me)).json().data.results).toHaveLength(10);
    expect((await call('GET', '/api/user/search?query=crowd&limit=3', me)).json().data.results).toHaveLength(3);
    expect((await call('GET', '/api/user/search?query=crowd&limit=51', me)).statusCode).toBe(400);
    expect((await call('GET', '/api/user/search?query=', me)).statusCode).toBe(400);
    expect((await call('GET', '/api/user/search', me)).statusCode).toBe(400);
  });

  it('honours privacy: private hidden, friends-only listed without level unless a friend, deactivated hidden', async () => {
    const me = await named('viewer');
    const pub = await named('findme_pub');
    const fr = await named('findme_fr');
    const priv = await named('findme_priv');
    const gone = await named('findme_gone');
    await setPrivacy(fr, { profileVisibility: 'friends' });
    await setPrivacy(priv, { profileVisibility: 'private' });
    await call('POST', `/api/user/deactivate/${gone.user.id}`, gone, {});
    const results = (await call('GET', '/api/user/search?query=findme', me)).json().data.results;
    expect(results.map((r: any) => r.username).sort()).toEqual(['findme_fr', 'findme_pub']);
    expect(results.find((r: any) => r.id === fr.user.id)).toMatchObject({ level: null, canViewProfile: false });
    expect(results.find((r: any) => r.id === pub.user.id)).toMatchObject({ level: 1, canViewProfile: true });

    await respond(fr, (await request(me, fr)).json().data.request.id, 'accept');
    const asFriend = (await call('GET', '/api/user/search?query=findme_fr', me)).json().data.results;
    expect(asFriend[0]).toMatchObject({ isFriend: true, canViewProfile: true, level: 1 });
    // Even a friend does not find a private profile by search.
    await respond(me, (await request(priv, me)).json().data.request.id, 'accept');
    expect(
      (await call('GET', `/api/user/friends/${me.user.id}`, me)).json().data.friends.map((f: any) => f.id),
    ).toContain(priv.user.id);
    expect((await call('GET', '/api/user/search?query=findme_priv', me)).json().data.results).toEqual([]);
  });
});

describe('online players', () => {
  it('lists players active in the last 5 minutes, honouring showOnlineStatus and visibility', async () => {
    const me = await registerPlayer(ctx.app);
    const active = await registerPlayer(ctx.app);
    const hidden = await registerPlayer(ctx.app);
    const friendsOnly = await registerPlayer(ctx.app);
    const stale = await registerPlayer(ctx.app);
    await setPrivacy(hidden, { showOnlineStatus: false });
    await setPrivacy(friendsOnly, { profileVisibility: 'friends' });
    ctx.clock.advance(4 * 60_000);
    for (const p of [me, active, hidden, friendsOnly]) await call('GET', `/api/user/profile/${p.user.id}`, p);
    ctx.clock.advance(2 * 60_000); // `stale` was last seen 6 minutes ago

    const raw = await call('GET', '/api/user/online', me);
    expect(raw.body).not.toContain(stale.user.username);
    const res = raw.json().data;
    expect(res.windowMinutes).toBe(5);
    expect(res.users.map((u: any) => u.id)).toEqual([active.user.id]);
    expect(res.total).toBe(1);
    expect(res.users[0]).toMatchObject({ username: active.user.username, isFriend: false });

    await respond(friendsOnly, (await request(me, friendsOnly)).json().data.request.id, 'accept');
    const asFriend = (await call('GET', '/api/user/online', me)).json().data;
    expect(asFriend.users.map((u: any) => u.id).sort()).toEqual([active.user.id, friendsOnly.user.id].sort());
  });
});

describe('top players and leaderboards honour showOnLeaderboard and deactivation', () => {
  it('lists by the spec score and drops players who opt out or deactivate (engine board too)', async () => {
    const players: Player[] = [];
    for (let i = 0; i < 3; i += 1) {
      const p = await registerPlayer(ctx.app);
      await grantDice(ctx, p.user.id, 10);
      for (let r = 0; r <= i; r += 1) expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
      players.push(p);
    }
    const [p0, p1, p2] = players as [Player, Player, Player];
    const top = (await call('GET', '/api/user/top-players', p0)).json().data;
    expect(top.totalRanked).toBe(3);
    expect(top.players).toHaveLength(3);
    expect(top.players.map((p: any) => p.rank)).toEqual([1, 2, 3]);
    const scores = top.players.map((p: any) => p.score);
    expect([...scores].sort((x: number, y: number) => y - x)).toEqual(scores);
    expect(top.players.find((p: any) => p.id === p0.user.id).isSelf).toBe(true);
    expect((await call('GET', '/api/user/top-players?limit=2', p0)).json().data.players).toHaveLength(2);

    await setPrivacy(p1, { showOnLeaderboard: false });
    await call('POST', `/api/user/deactivate/${p2.user.id}`, p2, { reason: 'a break' });
    const after = (await call('GET', '/api/user/top-players', p0)).json().data;
    expect(after.players.map((p: any) => p.id)).toEqual([p0.user.id]);
    expect(after.totalRanked).toBe(1);

    const engine = (await call('GET', '/api/player-stats/leaderboard?period=all', p0)).json().data;
    expect(engine.entries.map((e: any) => e.userId)).toEqual([p0.user.id]);
    const weekly = (await call('GET', '/api/player-stats/leaderboard?period=week', p0)).json().data;
    expect(weekly.entries.map((e: any) => e.userId)).toEqual([p0.user.id]);
    const hiddenMe = (await call('GET', '/api/player-stats/leaderboard', p1)).json().data;
    expect(hiddenMe.me).toBeNull();
    const publicStats = (await ctx.app.inject({ method: 'GET', url: '/api/public/stats' })).json().data;
    expect(publicStats.topPlayers.map((t: any) => t.username)).toEqual([p0.user.username]);
    const feed = (await call('GET', '/api/realtime/achievements/recent', p0)).json().data;
    expect(feed.achievements.every((a: any) => a.userId === p0.user.id)).toBe(true);

    // Opting back in restores the place.
    await setPrivacy(p1, { showOnLeaderboard: true });
    expect((await call('GET', '/api/user/top-players', p0)).json().data.totalRanked).toBe(2);
  });

  it("the engine's player-stats and achievements of another player follow the profile privacy", async () => {
    const owner = await registerPlayer(ctx.app);
    const stranger = await registerPlayer(ctx.app);
    expect((await call('GET', `/api/player-stats/user/${owner.user.id}`, stranger)).statusCode).toBe(200);
    await setPrivacy(owner, { profileVisibility: 'private' });
    expect((await call('GET', `/api/player-stats/user/${owner.user.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/player-stats/achievements/${owner.user.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/player-stats/user/${owner.user.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/player-stats/achievements/${owner.user.id}`, owner)).statusCode).toBe(200);
  });
});
