import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GAME_PREFERENCES } from '@gogo/shared/api';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, newPlayer, registerPlayer, type TestContext } from './helpers.js';

const lastSeenOf = sql<{ id: number }, { lastSeen: number | null }>(
  'SELECT last_seen AS "lastSeen" FROM users WHERE id = :id',
);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx.close());

type Player = Awaited<ReturnType<typeof registerPlayer>>;

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', url: string, who?: Player, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });

async function befriend(a: Player, b: Player) {
  const sent = await call('POST', '/api/user/friend-request', a, { toUserId: b.user.id });
  expect(sent.statusCode).toBe(201);
  const answered = await call('POST', `/api/user/friend-request/${sent.json().data.request.id}/respond`, b, {
    response: 'accept',
  });
  expect(answered.statusCode).toBe(200);
}

const setPrivacy = (p: Player, privacy: object) => call('PATCH', `/api/user/privacy/${p.user.id}`, p, { privacy });

describe('GET /api/user/profile/:id', () => {
  it('own profile carries the account: email, status and every setting with the spec defaults', async () => {
    const me = await registerPlayer(ctx.app);
    const res = await call('GET', `/api/user/profile/${me.user.id}`, me);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id: me.user.id,
      username: me.user.username,
      avatarUrl: null,
      level: 1,
      isSelf: true,
      isFriend: false,
      friendRequest: null,
      friendsCount: 0,
      profileVisibility: 'public',
      presence: { isOnline: true },
    });
    expect(data.account).toMatchObject({
      email: me.user.email,
      status: 'active',
      deactivatedAt: null,
      settings: {
        preferences: { theme: 'dark', notifications: { email: false } },
        gamePreferences: DEFAULT_GAME_PREFERENCES,
        privacy: { profileVisibility: 'public', showOnLeaderboard: true, showOnlineStatus: true },
        notifications: { achievements: true, dailyReminder: true, friendRequests: true, transactionUpdates: true },
      },
    });
    expect(JSON.stringify(data)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it("another player's public profile has public fields only: no email, no settings", async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    const res = await call('GET', `/api/user/profile/${other.user.id}`, me);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: other.user.id, username: other.user.username, isSelf: false });
    expect(data.account).toBeUndefined();
    expect(res.body).not.toContain(other.user.email);
  });

  it('needs a player token (401 without, 403 for an admin token) and answers 404 for an unknown id', async () => {
    const me = await registerPlayer(ctx.app);
    expect((await call('GET', `/api/user/profile/${me.user.id}`)).statusCode).toBe(401);
    const admin = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/profile/${me.user.id}`,
      headers: bearer(ctx.app.signToken('admin', 1, 0)),
    });
    expect(admin.statusCode).toBe(403);
    const missing = await call('GET', '/api/user/profile/999999', me);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Player not found.');
    expect((await call('GET', '/api/user/profile/abc', me)).statusCode).toBe(400);
  });

  it('follows the profile visibility: public for all, friends for friends, private for the player only', async () => {
    const owner = await registerPlayer(ctx.app);
    const friend = await registerPlayer(ctx.app);
    const stranger = await registerPlayer(ctx.app);
    await befriend(owner, friend);
    const url = `/api/user/profile/${owner.user.id}`;

    for (const p of [owner, friend, stranger]) expect((await call('GET', url, p)).statusCode).toBe(200);

    await setPrivacy(owner, { profileVisibility: 'friends' });
    expect((await call('GET', url, owner)).statusCode).toBe(200);
    expect((await call('GET', url, friend)).statusCode).toBe(200);
    const blocked = await call('GET', url, stranger);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toMatchObject({
      code: 'PROFILE_PRIVATE',
      message: 'Only friends of this player can see their profile.',
    });

    await setPrivacy(owner, { profileVisibility: 'private' });
    expect((await call('GET', url, owner)).statusCode).toBe(200);
    const fromFriend = await call('GET', url, friend);
    expect(fromFriend.statusCode).toBe(403);
    expect(fromFriend.json().error.message).toBe('This profile is private.');
    expect((await call('GET', url, stranger)).statusCode).toBe(403);

    // Everything that hangs off the profile follows the same rule.
    for (const path of ['stats', 'activity', 'friends', 'achievements', 'game-history', 'leaderboard-history']) {
      expect((await call('GET', `/api/user/${path}/${owner.user.id}`, stranger)).statusCode).toBe(403);
      expect((await call('GET', `/api/user/${path}/${owner.user.id}`, owner)).statusCode).toBe(200);
    }
  });

  it('shows a pending request and friendship from the viewer side', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const sent = await call('POST', '/api/user/friend-request', a, { toUserId: b.user.id });
    const requestId = sent.json().data.request.id;
    expect((await call('GET', `/api/user/profile/${b.user.id}`, a)).json().data.friendRequest).toEqual({
      id: requestId,
      direction: 'outgoing',
    });
    expect((await call('GET', `/api/user/profile/${a.user.id}`, b)).json().data.friendRequest).toEqual({
      id: requestId,
      direction: 'incoming',
    });
    await call('POST', `/api/user/friend-request/${requestId}/respond`, b, { response: 'accept' });
    const after = (await call('GET', `/api/user/profile/${b.user.id}`, a)).json().data;
    expect(after).toMatchObject({ isFriend: true, friendRequest: null, friendsCount: 1 });
  });
});

describe('PUT /api/user/profile/:id', () => {
  it('changes the username under the spec rules', async () => {
    const me = await registerPlayer(ctx.app);
    const url = `/api/user/profile/${me.user.id}`;
    const renamed = await call('PUT', url, me, { username: '  New_Name_1 ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.username).toBe('New_Name_1');

    const cases: [string, string][] = [
      ['', 'Username is required.'],
      ['ab', 'Username must be at least 3 characters long.'],
      ['a'.repeat(21), 'Username must be less than 20 characters.'],
      ['bad name!', 'Username can only contain letters, numbers, and underscores.'],
    ];
    for (const [username, message] of cases) {
      const res = await call('PUT', url, me, { username });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_USERNAME', message });
    }
  });

  it('refuses a username another player has, ignoring case, but lets a player change the case of their own', async () => {
    const me = await registerPlayer(ctx.app, newPlayer('casey'));
    const other = await registerPlayer(ctx.app);
    const taken = await call('PUT', `/api/user/profile/${me.user.id}`, me, {
      username: other.user.username.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('USERNAME_ALREADY_EXISTS');
    const own = await call('PUT', `/api/user/profile/${me.user.id}`, me, { username: me.user.username.toUpperCase() });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.username).toBe(me.user.username.toUpperCase());
  });

  it('changes the email only with the current password, and checks it is free ignoring case', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    const url = `/api/user/profile/${me.user.id}`;
    const email = `fresh${me.user.id}@example.com`;

    const missing = await call('PUT', url, me, { email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'Enter your current password to change your email address.',
    });
    const wrong = await call('PUT', url, me, { email, currentPassword: 'wrong-password1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('INVALID_PASSWORD');

    const taken = await call('PUT', url, me, { email: other.user.email.toUpperCase(), currentPassword: me.password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('EMAIL_ALREADY_EXISTS');

    const invalid = await call('PUT', url, me, { email: 'not an email', currentPassword: me.password });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('INVALID_EMAIL');

    const ok = await call('PUT', url, me, { email: email.toUpperCase(), currentPassword: me.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.account.email).toBe(email);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: me.password },
    });
    expect(login.statusCode).toBe(200);
    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: me.password },
    });
    expect(oldLogin.statusCode).toBe(401);
  });

  it('sending the same email needs no password', async () => {
    const me = await registerPlayer(ctx.app);
    const res = await call('PUT', `/api/user/profile/${me.user.id}`, me, { email: me.user.email });
    expect(res.statusCode).toBe(200);
  });

  it('stops password guessing after 5 wrong passwords (429), even with the right one', async () => {
    const me = await registerPlayer(ctx.app);
    const url = `/api/user/profile/${me.user.id}`;
    const email = `guess${me.user.id}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      expect((await call('PUT', url, me, { email, currentPassword: `nope${i}abc` })).statusCode).toBe(403);
    }
    const blocked = await call('PUT', url, me, { email, currentPassword: me.password });
    expect(blocked.statusCode).toBe(429);
    ctx.clock.advance(15 * 60_000);
    expect((await call('PUT', url, me, { email, currentPassword: me.password })).statusCode).toBe(200);
  });

  it('updates preferences through the profile too, and refuses to change another player (403)', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    const res = await call('PUT', `/api/user/profile/${me.user.id}`, me, { preferences: { theme: 'light' } });
    expect(res.json().data.account.settings.preferences.theme).toBe('light');
    const forbidden = await call('PUT', `/api/user/profile/${other.user.id}`, me, { username: 'hijacked' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('Access denied. You can only change your own account.');
    const check = await call('GET', `/api/user/profile/${other.user.id}`, other);
    expect(check.json().data.username).toBe(other.user.username);
  });
});

describe('PATCH settings', () => {
  it('preferences: partial, theme in light/dark/auto, and one value with the game display theme', async () => {
    const me = await registerPlayer(ctx.app);
    const url = `/api/user/preferences/${me.user.id}`;
    const res = await call('PATCH', url, me, { preferences: { notifications: { email: true } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preferences).toEqual({ theme: 'dark', notifications: { email: true } });
    const themed = await call('PATCH', url, me, { preferences: { theme: 'auto' } });
    expect(themed.json().data.preferences).toEqual({ theme: 'auto', notifications: { email: true } });
    expect(themed.json().data.gamePreferences.display.theme).toBe('auto');
    expect((await call('PATCH', url, me, { preferences: { theme: 'neon' } })).statusCode).toBe(400);
    expect((await call('PATCH', url, me, { preferences: { notifications: { email: 'yes' } } })).statusCode).toBe(400);
  });

  it('game preferences follow the player across devices (a second login reads them back)', async () => {
    const me = await registerPlayer(ctx.app);
    const url = `/api/user/game-preferences/${me.user.id}`;
    const res = await call('PATCH', url, me, {
      gamePreferences: { sound: { volume: 0.33 }, display: { theme: 'light', particleEffects: false } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.gamePreferences).toEqual({
      ...DEFAULT_GAME_PREFERENCES,
      sound: { enabled: true, volume: 0.3 },
      display: { theme: 'light', animations: true, particleEffects: false },
    });
    expect(res.json().data.preferences.theme).toBe('light');

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: me.password },
    });
    const otherDevice = { ...me, token: login.json().data.token as string };
    const read = await call('GET', `/api/user/profile/${me.user.id}`, otherDevice);
    expect(read.json().data.account.settings.gamePreferences.sound.volume).toBe(0.3);
    expect(read.json().data.account.settings.gamePreferences.display.particleEffects).toBe(false);

    for (const bad of [{ sound: { volume: 1.5 } }, { sound: { volume: -0.1 } }, { gameplay: { autoRoll: 'maybe' } }]) {
      expect((await call('PATCH', url, me, { gamePreferences: bad })).statusCode).toBe(400);
    }
    // Unknown keys are dropped, not stored.
    const extra = await call('PATCH', url, me, { gamePreferences: { wallet: { showBalance: false, hack: true } } });
    expect(extra.statusCode).toBe(200);
    expect(extra.json().data.gamePreferences.wallet).toEqual({ autoConnect: false, showBalance: false });
  });

  it('privacy and notifications are partial, validated and only the player changes them', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    const privacy = await setPrivacy(me, { showOnlineStatus: false });
    expect(privacy.json().data.privacy).toEqual({
      profileVisibility: 'public',
      showOnLeaderboard: true,
      showOnlineStatus: false,
    });
    expect((await setPrivacy(me, { profileVisibility: 'secret' })).statusCode).toBe(400);
    const notes = await call('PATCH', `/api/user/notifications/${me.user.id}`, me, {
      notifications: { dailyReminder: false },
    });
    expect(notes.json().data.notifications).toEqual({
      achievements: true,
      dailyReminder: false,
      friendRequests: true,
      transactionUpdates: true,
    });
    for (const [path, body] of [
      ['preferences', { preferences: { theme: 'light' } }],
      ['game-preferences', { gamePreferences: { sound: { enabled: false } } }],
      ['privacy', { privacy: { profileVisibility: 'private' } }],
      ['notifications', { notifications: { achievements: false } }],
    ] as const) {
      const res = await call('PATCH', `/api/user/${path}/${other.user.id}`, me, body);
      expect(res.statusCode).toBe(403);
    }
    const untouched = await call('GET', `/api/user/profile/${other.user.id}`, other);
    expect(untouched.json().data.account.settings.privacy.profileVisibility).toBe('public');
  });
});

describe('presence', () => {
  it('online-status and last-seen: active within 5 minutes, hidden when the player says so', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    const status = await call('GET', `/api/user/online-status/${other.user.id}`, me);
    expect(status.json().data).toEqual({ userId: other.user.id, isOnline: true, visible: true });
    const seen = await call('GET', `/api/user/last-seen/${other.user.id}`, me);
    expect(seen.json().data.lastSeen).toBe(new Date(ctx.clock()).toISOString());

    ctx.clock.advance(5 * 60_000 + 1000);
    await call('GET', `/api/user/profile/${me.user.id}`, me); // keeps `me` online
    expect((await call('GET', `/api/user/online-status/${other.user.id}`, me)).json().data.isOnline).toBe(false);
    expect((await call('GET', `/api/user/online-status/${me.user.id}`, me)).json().data.isOnline).toBe(true);

    await call('GET', `/api/user/profile/${other.user.id}`, other); // back online
    await setPrivacy(other, { showOnlineStatus: false });
    expect((await call('GET', `/api/user/online-status/${other.user.id}`, me)).json().data).toEqual({
      userId: other.user.id,
      isOnline: false,
      visible: false,
    });
    expect((await call('GET', `/api/user/last-seen/${other.user.id}`, me)).json().data).toEqual({
      userId: other.user.id,
      lastSeen: null,
      visible: false,
    });
    // The player still sees their own.
    expect((await call('GET', `/api/user/online-status/${other.user.id}`, other)).json().data.isOnline).toBe(true);
    expect((await call('GET', '/api/user/online-status/999999', me)).statusCode).toBe(404);
  });

  it('writes last_seen at most once a minute per player, however many requests they make', async () => {
    const me = await registerPlayer(ctx.app);
    const seen = async () => (await ctx.database.read.get(lastSeenOf, { id: me.user.id }))!.lastSeen;
    const start = ctx.clock();
    expect(await seen()).toBe(start); // registration counts as being seen

    for (let i = 0; i < 2; i += 1) {
      ctx.clock.advance(20_000);
      expect((await call('GET', '/api/auth/me', me)).statusCode).toBe(200);
    }
    expect(await seen()).toBe(start); // 40 s later: still the first minute's value

    ctx.clock.advance(20_000);
    await call('GET', '/api/auth/me', me);
    expect(await seen()).toBe(start + 60_000); // a minute has passed: written once
    ctx.clock.advance(30_000);
    await call('GET', '/api/auth/me', me);
    expect(await seen()).toBe(start + 60_000);
  });
});
