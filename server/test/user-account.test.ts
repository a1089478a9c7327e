import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from '../src/db/sql.js';
import { bearer, newPlayer, registerPlayer, type TestContext } from './helpers.js';
import { appForFile, grantDice, rollOnce } from './engine-helpers.js';
import { makePng, multipart } from './image-fixtures.js';

let ctx: TestContext;
appForFile((made) => (ctx = made));

type Player = Awaited<ReturnType<typeof registerPlayer>>;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, who?: Player, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? bearer(who.token) : {}, ...(payload ? { payload } : {}) });
const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function befriend(a: Player, b: Player) {
  const sent = await call('POST', '/api/user/friend-request', a, { toUserId: b.user.id });
  await call('POST', `/api/user/friend-request/${sent.json().data.request.id}/respond`, b, { response: 'accept' });
}

async function play(p: Player, times: number) {
  await grantDice(ctx, p.user.id, times);
  for (let i = 0; i < times; i += 1) expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
}

async function uploadAvatar(p: Player) {
  const body = multipart('avatar', 'a.png', 'image/png', makePng(16, 16));
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/user/avatar/${p.user.id}`,
    headers: { ...bearer(p.token), ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.avatarUrl as string;
}

// Rows read back through the engine-neutral API, so these tests run on either database.
const insertMoney = sql<{ userId: number; address: string; note: string; status: string; now: number }>(
  `INSERT INTO money_transactions (user_id, type, amount_units, currency, crypto_address, note, status, reviewed_by,
     created_at, updated_at) VALUES (:userId, 'deposit', 100000000, 'ETH', :address, :note, :status, NULL, :now, :now)`,
);
const ledgerOf = sql<{ userId: number }, { id: number; asset: string; amount: number; type: string }>(
  'SELECT id, asset, amount, type FROM ledger_entries WHERE user_id = :userId ORDER BY id',
);
const userRow = sql<
  { id: number },
  { username: string; email: string; passwordHash: string; lastLogin: number | null; lastSeen: number | null }
>(
  `SELECT username, email, password_hash AS "passwordHash", last_login AS "lastLogin", last_seen AS "lastSeen"
   FROM users WHERE id = :id`,
);
const rollsOf = sql<
  { userId: number },
  { id: number; seq: number; die: number; fromPosition: number; toPosition: number; appliedReward: number }
>(
  `SELECT id, seq, die, from_position AS "fromPosition", to_position AS "toPosition", applied_reward AS "appliedReward"
   FROM rolls WHERE user_id = :userId ORDER BY seq`,
);

const seedsOf = sql<{ userId: number }, { serverSeed: string; serverSeedHash: string; revealedAt: number | null }>(
  `SELECT server_seed AS "serverSeed", server_seed_hash AS "serverSeedHash", revealed_at AS "revealedAt"
   FROM fairness_seeds WHERE user_id = :userId ORDER BY seed_index`,
);

/** A money request of the player, inserted directly (the money module's own tests cover the flow). */
function moneyTable() {
  return (userId: number, status: string, note: string) =>
    ctx.database.write((tx) =>
      tx.run(insertMoney, { userId, address: `0xaddr${userId}`, note, status, now: ctx.clock() }),
    );
}

describe('deactivate and reactivate', () => {
  it('hides the player from everyone else until they reactivate, by the endpoint or by logging in', async () => {
    const me = await registerPlayer(ctx.app);
    const friend = await registerPlayer(ctx.app);
    await befriend(me, friend);

    const other = await call('POST', `/api/user/deactivate/${me.user.id}`, friend, { reason: 'nope' });
    expect(other.statusCode).toBe(403);

    const res = await call('POST', `/api/user/deactivate/${me.user.id}`, me, { reason: 'Taking a break' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ status: 'deactivated', deactivatedAt: new Date(ctx.clock()).toISOString() });

    expect((await call('GET', `/api/user/profile/${me.user.id}`, friend)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/online-status/${me.user.id}`, friend)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/friends/${friend.user.id}`, friend)).json().data.total).toBe(0);
    const search = await call('GET', `/api/user/search?query=${me.user.username}`, friend);
    expect(search.json().data.results).toEqual([]);
    expect((await call('POST', '/api/user/friend-request', friend, { toUserId: me.user.id })).statusCode).toBe(404);

    const own = (await call('GET', `/api/user/profile/${me.user.id}`, me)).json().data;
    expect(own.account).toMatchObject({ status: 'deactivated' });

    const back = await call('POST', `/api/user/reactivate/${me.user.id}`, me);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toEqual({ status: 'active', deactivatedAt: null });
    expect((await call('GET', `/api/user/profile/${me.user.id}`, friend)).statusCode).toBe(200);
    expect((await call('GET', `/api/user/friends/${friend.user.id}`, friend)).json().data.total).toBe(1);

    await call('POST', `/api/user/deactivate/${me.user.id}`, me);
    const loggedIn = await login(me.user.email, me.password);
    expect(loggedIn.statusCode).toBe(200);
    expect((await call('GET', `/api/user/profile/${me.user.id}`, friend)).statusCode).toBe(200);
    expect((await call('POST', `/api/user/reactivate/${me.user.id}`, friend)).statusCode).toBe(403);
  });
});

describe('export', () => {
  it("holds the player's data and nothing of any other player", async () => {
    const a = await registerPlayer(ctx.app, newPlayer('alice'));
    const b = await registerPlayer(ctx.app, newPlayer('bobby'));
    const c = await registerPlayer(ctx.app, newPlayer('carol'));
    await play(a, 3);
    await play(b, 4);
    await play(c, 2);
    await befriend(a, b);
    await call('POST', '/api/user/friend-request', c, { toUserId: b.user.id });
    await call('PATCH', `/api/user/game-preferences/${a.user.id}`, a, { gamePreferences: { sound: { volume: 0.2 } } });
    await call('POST', '/api/daily-login', a);
    await call('POST', '/api/daily-login', b);
    await uploadAvatar(b);
    const addMoney = moneyTable();
    await addMoney(a.user.id, 'approved', 'alice deposit');
    await addMoney(b.user.id, 'approved', 'bobby secret note');

    const res = await call('POST', `/api/user/export/${a.user.id}`, a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="gogo-board-export-\d+-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const doc = res.json();
    const text = res.body;

    // The player's own data, complete.
    expect(doc).toMatchObject({ format: 'gogo-board-export', version: 1 });
    expect(doc.account).toMatchObject({ id: a.user.id, username: a.user.username, email: a.user.email });
    expect(doc.settings.gamePreferences.sound.volume).toBe(0.2);
    const read = ctx.database.read;
    const ownLedger = await read.all(ledgerOf, { userId: a.user.id });
    expect(doc.ledger).toHaveLength(ownLedger.length);
    expect(doc.rolls).toHaveLength(3);
    expect(doc.gameState.totalRolls).toBe(3);
    expect(doc.achievements.length).toBeGreaterThanOrEqual(1);
    expect(doc.dailyLogins).toHaveLength(1);
    expect(doc.moneyTransactions).toHaveLength(1);
    expect(doc.moneyTransactions[0]).toMatchObject({ note: 'alice deposit', status: 'approved' });
    expect(doc.moneyTransactions[0]).not.toHaveProperty('reviewedBy');
    expect(doc.friends).toEqual([{ username: b.user.username, since: expect.any(String) }]);
    expect(doc.friendRequests).toEqual([
      expect.objectContaining({ direction: 'outgoing', username: b.user.username, status: 'accepted' }),
    ]);

    // The ids in every table are the player's own rows.
    const ownRollIds = await read.all(rollsOf, { userId: a.user.id });
    expect(doc.rolls.map((r: any) => r.id).sort()).toEqual(ownRollIds.map((r) => r.id).sort());
    expect(doc.ledger.map((r: any) => r.id).sort()).toEqual(ownLedger.map((r) => r.id).sort());

    // Nothing about anyone else: the friend appears by public username only, the others not at all.
    for (const secret of [b.user.email, c.user.email, c.user.username, 'bobby secret note', `0xaddr${b.user.id}`]) {
      expect(text).not.toContain(secret);
    }
    for (const other of [b, c]) {
      const seeds = await read.all(seedsOf, { userId: other.user.id });
      for (const s of seeds) {
        expect(text).not.toContain(s.serverSeedHash);
        expect(text).not.toContain(s.serverSeed);
      }
    }
    expect(text).not.toContain('/api/files/avatars/');
    expect(text).not.toMatch(/argon2|passwordHash|tokenVersion/);

    // The active server seed stays secret even from its owner; its hash is there.
    const active = (await read.get(seedsOf, { userId: a.user.id }))!;
    expect(text).not.toContain(active.serverSeed);
    expect(text).toContain(active.serverSeedHash);
  });

  it('is limited to one download per player every 30 seconds', async () => {
    const a = await registerPlayer(ctx.app);
    expect((await call('POST', `/api/user/export/${a.user.id}`, a)).statusCode).toBe(200);
    const again = await call('POST', `/api/user/export/${a.user.id}`, a);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(
      'You have just downloaded your data. Please wait half a minute before downloading it again.',
    );
    ctx.clock.advance(30_000);
    expect((await call('POST', `/api/user/export/${a.user.id}`, a)).statusCode).toBe(200);
  });

  it('is for the player only (403), and 404 for unknown players', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    const res = await call('POST', `/api/user/export/${a.user.id}`, b);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(a.user.email);
    expect((await call('POST', '/api/user/export/99999', b)).statusCode).toBe(404);
    expect((await call('POST', `/api/user/export/${a.user.id}`)).statusCode).toBe(401);
  });
});

describe('delete', () => {
  it('needs the password; then personal data is gone, ledger rows stay anonymised and login fails', async () => {
    const p = newPlayer('leaver');
    const me = await registerPlayer(ctx.app, p);
    const friend = await registerPlayer(ctx.app);
    await play(me, 3);
    await befriend(me, friend);
    const avatar = await uploadAvatar(me);
    const ledgerBefore = await ctx.database.read.all(ledgerOf, { userId: me.user.id });
    expect(ledgerBefore.length).toBeGreaterThan(0);

    const other = await call('POST', `/api/user/delete/${friend.user.id}`, me, { password: me.password });
    expect(other.statusCode).toBe(403);
    const wrong = await call('POST', `/api/user/delete/${me.user.id}`, me, { password: 'wrong-pass1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_PASSWORD', message: 'The password is incorrect.' });
    expect((await call('POST', `/api/user/delete/${me.user.id}`, me, {})).statusCode).toBe(400);

    const res = await call('POST', `/api/user/delete/${me.user.id}`, me, { password: me.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ deleted: true, deletedAt: new Date(ctx.clock()).toISOString() });

    // Tokens are revoked, and the old credentials no longer log in.
    expect((await call('GET', `/api/user/profile/${me.user.id}`, me)).statusCode).toBe(401);
    const relogin = await login(p.email, p.password);
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json().error.code).toBe('INVALID_CREDENTIALS');
    const anonLogin = await login(`deleted-${me.user.id}@deleted.invalid`, p.password);
    expect(anonLogin.statusCode).toBe(401);
    expect(anonLogin.json().error.code).toBe('INVALID_CREDENTIALS');

    // The users row is anonymised; the ledger rows are all still there, pointing at it.
    const row = (await ctx.database.read.get(userRow, { id: me.user.id }))!;
    expect(row).toMatchObject({
      username: `deleted-${me.user.id}`,
      email: `deleted-${me.user.id}@deleted.invalid`,
      lastLogin: null,
      lastSeen: null,
    });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const ledgerAfter = await ctx.database.read.all(ledgerOf, { userId: me.user.id });
    expect(ledgerAfter).toEqual(ledgerBefore);
    expect(JSON.stringify(ledgerAfter)).not.toContain(p.email);

    // Gone for everyone else.
    expect((await call('GET', `/api/user/profile/${me.user.id}`, friend)).statusCode).toBe(404);
    expect((await call('GET', `/api/user/friends/${friend.user.id}`, friend)).json().data.total).toBe(0);
    expect(
      (await call('GET', '/api/user/top-players', friend)).json().data.players.map((x: any) => x.id),
    ).not.toContain(me.user.id);
    expect((await ctx.app.inject({ method: 'GET', url: avatar })).statusCode).toBe(404);
    expect(existsSync(join(ctx.dataDir, 'uploads', 'avatars', avatar.split('/').pop()!))).toBe(false);

    // Username and email are free again.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: p });
    expect(again.statusCode).toBe(201);
  });

  it('waits while a deposit or withdrawal is pending review (409)', async () => {
    const me = await registerPlayer(ctx.app);
    await moneyTable()(me.user.id, 'pending', 'waiting');
    const res = await call('POST', `/api/user/delete/${me.user.id}`, me, { password: me.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PENDING_TRANSACTIONS');
    expect((await login(me.user.email, me.password)).statusCode).toBe(200);
  });
});

describe('stats, activity, history and analytics', () => {
  it('stats: public figures for others, private ones for the player, with avatar and friends count', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    await befriend(me, other);
    await play(me, 2);
    const own = (await call('GET', `/api/user/stats/${me.user.id}`, me)).json().data;
    expect(own).toMatchObject({ userId: me.user.id, totalRolls: 2, friendsCount: 1, isSelf: true, avatarUrl: null });
    expect(own.private).toMatchObject({ email: me.user.email });
    const seen = await call('GET', `/api/user/stats/${me.user.id}`, other);
    expect(seen.json().data).toMatchObject({ totalRolls: 2, isSelf: false });
    expect(seen.json().data.private).toBeUndefined();
    expect(seen.body).not.toContain(me.user.email);
  });

  it('activity: achievements for all who may see the profile; daily bonuses only for the player', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    await play(me, 1);
    await call('POST', '/api/daily-login', me);
    await befriend(me, other);
    const own = (await call('GET', `/api/user/activity/${me.user.id}`, me)).json().data;
    const types = own.items.map((i: any) => i.type);
    expect(types).toContain('achievement');
    expect(types).toContain('daily_login');
    expect(types).toContain('friend');
    const first = own.items.find((i: any) => i.type === 'achievement');
    expect(first).toMatchObject({ title: 'Achievement unlocked: First Roll', amount: 50 });
    const theirs = (await call('GET', `/api/user/activity/${me.user.id}`, other)).json().data;
    const theirTypes = theirs.items.map((i: any) => i.type);
    expect(theirTypes).toContain('achievement');
    // The one roll may also have hit a jackpot tile or levelled up; private events never show.
    for (const t of theirTypes) expect(['achievement', 'jackpot', 'level_up']).toContain(t);
    // Paging.
    const page1 = (await call('GET', `/api/user/activity/${me.user.id}?limit=1`, me)).json().data;
    expect(page1.items).toHaveLength(1);
    expect(page1.nextBefore).toBe(Date.parse(page1.items[0].at));
  });

  it('game history lists rolls newest first and pages by seq', async () => {
    const me = await registerPlayer(ctx.app);
    await play(me, 5);
    const page1 = (await call('GET', `/api/user/game-history/${me.user.id}?limit=3`, me)).json().data;
    expect(page1.totalRolls).toBe(5);
    expect(page1.rolls.map((r: any) => r.seq)).toEqual([5, 4, 3]);
    expect(page1.nextBeforeSeq).toBe(3);
    const page2 = (await call('GET', `/api/user/game-history/${me.user.id}?limit=3&beforeSeq=3`, me)).json().data;
    expect(page2.rolls.map((r: any) => r.seq)).toEqual([2, 1]);
    expect(page2.nextBeforeSeq).toBeNull();
    const stored = await ctx.database.read.all(rollsOf, { userId: me.user.id });
    const last = stored.find((r) => r.seq === 5)!;
    expect(page1.rolls[0]).toMatchObject({
      rollId: last.id,
      die: last.die,
      from: last.fromPosition,
      to: last.toPosition,
      reward: last.appliedReward,
      lapCompleted: last.toPosition === 0,
    });
  });

  it('analytics: own only, default week, figures equal the stored rolls and ledger', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    await play(me, 6);
    expect((await call('GET', `/api/user/analytics/${me.user.id}`, other)).statusCode).toBe(403);
    const res = await call('GET', `/api/user/analytics/${me.user.id}`, me);
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a.period).toBe('week');
    expect(a.series).toHaveLength(7);
    expect(a.rolls.count).toBe(6);
    expect(a.rolls.byDie.reduce((s: number, n: number) => s + n, 0)).toBe(6);
    expect(Object.values(a.rolls.byTileType).reduce((s: any, n: any) => s + n, 0)).toBe(6);
    expect(a.series.reduce((s: number, b: any) => s + b.rolls, 0)).toBe(6);
    const ledger = await ctx.database.read.all(ledgerOf, { userId: me.user.id });
    const gogo = ledger.filter((l) => l.asset === 'GOGO');
    expect(a.gogo.credited).toBe(gogo.filter((l) => l.amount > 0).reduce((s, l) => s + l.amount, 0));
    expect(a.gogo.debited).toBe(gogo.filter((l) => l.amount < 0).reduce((s, l) => s - l.amount, 0));
    expect(a.gogo.net).toBe(a.gogo.credited - a.gogo.debited);
    expect(a.dice.used).toBe(6);
    expect(a.achievementsUnlocked).toBeGreaterThanOrEqual(1);

    const day = (await call('GET', `/api/user/analytics/${me.user.id}?period=day`, me)).json().data;
    expect(day.series).toHaveLength(24);
    expect(day.rolls.count).toBe(6);
    ctx.clock.advance(8 * 86_400_000);
    me.token = (await login(me.user.email, me.password)).json().data.token; // tokens live 7 days
    const later = (await call('GET', `/api/user/analytics/${me.user.id}`, me)).json().data;
    expect(later.rolls.count).toBe(0);
    const month = (await call('GET', `/api/user/analytics/${me.user.id}?period=month`, me)).json().data;
    expect(month.series).toHaveLength(30);
    expect(month.rolls.count).toBe(6);
    const all = (await call('GET', `/api/user/analytics/${me.user.id}?period=all`, me)).json().data;
    expect(all.rolls.count).toBe(6);
    expect((await call('GET', `/api/user/analytics/${me.user.id}?period=year`, me)).statusCode).toBe(400);
  });

  it('leaderboard history: current standings and daily ranks; none when hidden from leaderboards', async () => {
    const me = await registerPlayer(ctx.app);
    const rival = await registerPlayer(ctx.app);
    await play(me, 3);
    await play(rival, 1);
    const h = (await call('GET', `/api/user/leaderboard-history/${me.user.id}`, rival)).json().data;
    expect(h.listed).toBe(true);
    expect(h.current.all.rank).toBeGreaterThanOrEqual(1);
    expect(h.current.day.totalRanked).toBeGreaterThanOrEqual(2);
    const today = new Date(ctx.clock()).toISOString().slice(0, 10);
    expect(h.daily[0]).toMatchObject({ day: today });
    expect(h.daily[0].rank).toBe(h.current.day.rank);
    expect(h.daily[0].score).toBe(h.current.day.score);

    await call('PATCH', `/api/user/privacy/${me.user.id}`, me, { privacy: { showOnLeaderboard: false } });
    const hidden = (await call('GET', `/api/user/leaderboard-history/${me.user.id}`, me)).json().data;
    expect(hidden).toMatchObject({ listed: false, daily: [] });
    expect(hidden.current.all.rank).toBeNull();
  });

  it('achievements of a visible player list all eight with their unlocks', async () => {
    const me = await registerPlayer(ctx.app);
    const other = await registerPlayer(ctx.app);
    await play(me, 1);
    const res = (await call('GET', `/api/user/achievements/${me.user.id}`, other)).json().data;
    expect(res.achievements).toHaveLength(8);
    expect(res.achievements.find((x: any) => x.id === 'first_roll').unlocked).toBe(true);
  });
});

describe('OpenAPI', () => {
  it('documents every /api/user route with a summary and schemas', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith('/api/user') || p.startsWith('/api/files'));
    expect(paths).toHaveLength(27);
    const operations = paths.flatMap((p) => Object.values(doc.paths[p]) as any[]);
    expect(operations).toHaveLength(29);
    for (const p of paths) {
      for (const op of Object.values(doc.paths[p]) as any[]) {
        expect(op.summary, p).toBeTruthy();
        expect(op.responses['200'] ?? op.responses['201'], p).toBeTruthy();
      }
    }
    expect(doc.paths['/api/user/avatar/{id}'].post.requestBody.content).toHaveProperty('multipart/form-data');
  });
});
