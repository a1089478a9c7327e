import { describe, expect, it } from 'vitest';
import { hashServerSeed, verifyRoll } from '@gogo/shared/fairness';
import { engineText } from '@gogo/shared/messages';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { appForFile, get, grantDice, rollOnce } from './engine-helpers.js';
import { sql } from '../src/db/sql.js';

let ctx: TestContext;
appForFile((made) => (ctx = made));

const fairness = async (token: string) => json(await get(ctx, '/api/fairness', token)).data;
const setClientSeed = (token: string, clientSeed: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/fairness/client-seed', headers: bearer(token), payload: { clientSeed } });
const rotate = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: bearer(token) });

describe('GET /api/fairness', () => {
  it('commits to a server seed before the first roll: hash, a random client seed, nonce 0', async () => {
    const p = await registerPlayer(ctx.app);
    const status = await fairness(p.token);
    expect(status.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(status.clientSeed).toMatch(/^[0-9a-f]{32}$/);
    expect(status).toMatchObject({ nonce: 0, seedIndex: 0 });
    expect(status).not.toHaveProperty('serverSeed');
    // Stable until a roll or a rotation, and the roll uses exactly this commitment.
    expect(await fairness(p.token)).toEqual(status);
    const roll = json(await rollOnce(ctx, p.token)).data;
    expect(roll.fairness).toEqual({ serverSeedHash: status.serverSeedHash, clientSeed: status.clientSeed, nonce: 0 });
    expect(await fairness(p.token)).toMatchObject({ serverSeedHash: status.serverSeedHash, nonce: 1 });
  });

  it('differs between players', async () => {
    const a = await registerPlayer(ctx.app);
    const b = await registerPlayer(ctx.app);
    expect((await fairness(a.token)).serverSeedHash).not.toBe((await fairness(b.token)).serverSeedHash);
  });

  it('needs a player token', async () => {
    expect((await get(ctx, '/api/fairness')).statusCode).toBe(401);
  });
});

describe('PUT /api/fairness/client-seed', () => {
  it('accepts 1 to 64 printable ASCII characters; the nonce continues', async () => {
    const p = await registerPlayer(ctx.app);
    await rollOnce(ctx, p.token);
    for (const seed of ['a', 'my lucky seed ~!@#', 'x'.repeat(64)]) {
      const res = await setClientSeed(p.token, seed);
      expect(res.statusCode).toBe(200);
      expect(json(res).data).toMatchObject({ clientSeed: seed, nonce: 1 });
    }
    expect((await fairness(p.token)).clientSeed).toBe('x'.repeat(64));
  });

  it('refuses empty, too long or non-printable seeds with INVALID_CLIENT_SEED', async () => {
    const p = await registerPlayer(ctx.app);
    const before = await fairness(p.token);
    for (const seed of ['', 'x'.repeat(65), 'tab\there', 'é', 'line\n']) {
      const res = await setClientSeed(p.token, seed);
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toMatchObject({ code: 'INVALID_CLIENT_SEED', message: engineText.clientSeedInvalid });
    }
    expect((await setClientSeed(p.token, { seed: 1 })).statusCode).toBe(400);
    expect(await fairness(p.token)).toEqual(before);
  });
});

describe('POST /api/fairness/rotate and GET /api/fairness/rolls', () => {
  it('reveals the old seed (which matches its hash), starts a new one at nonce 0, and every served roll verifies', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 40);
    const committed = await fairness(p.token);
    const served = [];
    for (let i = 0; i < 30; i += 1) {
      if (i === 15) expect((await setClientSeed(p.token, 'changed mid-way')).statusCode).toBe(200);
      served.push(json(await rollOnce(ctx, p.token)).data);
    }

    // Before the rotation the rolls list shows hashes, never the seed.
    const hidden = json(await get(ctx, '/api/fairness/rolls?limit=100', p.token)).data.rolls;
    expect(hidden).toHaveLength(30);
    expect(hidden.every((r: any) => r.serverSeed === null && r.revealed === false)).toBe(true);

    const res = await rotate(p.token);
    expect(res.statusCode).toBe(200);
    const { revealed, current } = json(res).data;
    expect(revealed.serverSeedHash).toBe(committed.serverSeedHash);
    expect(hashServerSeed(revealed.serverSeed)).toBe(committed.serverSeedHash);
    expect(revealed).toMatchObject({ rollsPlayed: 30, clientSeed: 'changed mid-way', seedIndex: 0 });
    expect(current).toMatchObject({ nonce: 0, seedIndex: 1, clientSeed: 'changed mid-way' });
    expect(current.serverSeedHash).not.toBe(committed.serverSeedHash);
    expect(await fairness(p.token)).toEqual(current);

    const listed = json(await get(ctx, '/api/fairness/rolls?limit=100', p.token)).data.rolls;
    expect(listed.map((r: any) => r.rollId)).toEqual(served.map((r) => r.rollId).reverse());
    for (const roll of listed) {
      expect(roll).toMatchObject({ revealed: true, serverSeed: revealed.serverSeed });
      const check = verifyRoll({
        serverSeed: roll.serverSeed,
        serverSeedHash: roll.serverSeedHash,
        clientSeed: roll.clientSeed,
        nonce: roll.nonce,
        from: roll.from,
        die: roll.die,
        rawReward: roll.rawReward,
        boardNumber: roll.boardNumber,
        propertyLevel: roll.propertyLevel,
        multiplier: roll.multiplier,
        firstRoll: roll.firstRoll,
        reward: roll.reward,
      });
      expect(check).toMatchObject({ valid: true, expected: { die: roll.die, rawReward: roll.rawReward } });
    }
    // The list agrees with what each roll answered.
    for (const answer of served) {
      const row = listed.find((r: any) => r.rollId === answer.rollId);
      expect(row).toMatchObject({
        nonce: answer.fairness.nonce,
        clientSeed: answer.fairness.clientSeed,
        die: answer.die,
        from: answer.from,
        to: answer.to,
        rawReward: answer.rawReward,
        reward: answer.reward,
      });
    }
    // A forged outcome does not verify.
    const first = listed.at(-1);
    expect(verifyRoll({ ...first, die: (first.die % 6) + 1 }).valid).toBe(false);

    // Rolls after the rotation use the new seed from nonce 0, hidden again.
    const next = json(await rollOnce(ctx, p.token)).data;
    expect(next.fairness).toEqual({ serverSeedHash: current.serverSeedHash, clientSeed: 'changed mid-way', nonce: 0 });
    const latest = json(await get(ctx, '/api/fairness/rolls?limit=1', p.token)).data.rolls;
    expect(latest).toHaveLength(1);
    expect(latest[0]).toMatchObject({ rollId: next.rollId, serverSeed: null, revealed: false });
  });

  it('lists 20 rolls by default, at most 100, only the player’s own', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 20);
    for (let i = 0; i < 25; i += 1) await rollOnce(ctx, p.token);
    expect(json(await get(ctx, '/api/fairness/rolls', p.token)).data.rolls).toHaveLength(20);
    expect((await get(ctx, '/api/fairness/rolls?limit=101', p.token)).statusCode).toBe(400);
    expect((await get(ctx, '/api/fairness/rolls?limit=0', p.token)).statusCode).toBe(400);
    const other = await registerPlayer(ctx.app);
    expect(json(await get(ctx, '/api/fairness/rolls', other.token)).data.rolls).toEqual([]);
  });

  it('rotating before any roll reveals an unused seed', async () => {
    const p = await registerPlayer(ctx.app);
    const committed = await fairness(p.token);
    const { revealed, current } = json(await rotate(p.token)).data;
    expect(revealed).toMatchObject({ serverSeedHash: committed.serverSeedHash, rollsPlayed: 0 });
    expect(current.seedIndex).toBe(1);
  });
});

describe('GOGO_TEST_SEED', () => {
  it('derives every seed from the master seed, so two servers serve the same dice', async () => {
    const runs = [];
    for (let i = 0; i < 2; i += 1) {
      const test = await createTestApp({ testSeed: 'e2e-master-seed' });
      try {
        const p = await registerPlayer(test.app);
        const status = json(await get(test, '/api/fairness', p.token)).data;
        const dice = [];
        for (let r = 0; r < 5; r += 1) dice.push(json(await rollOnce(test, p.token)).data.die);
        const rotated = json(
          await test.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: bearer(p.token) }),
        ).data;
        runs.push({ status, dice, rotated });
      } finally {
        await test.close();
      }
    }
    expect(runs[0]!.status.serverSeedHash).toBe(runs[1]!.status.serverSeedHash);
    expect(runs[0]!.status.clientSeed).toBe(runs[1]!.status.clientSeed);
    expect(runs[0]!.dice).toEqual(runs[1]!.dice);
    expect(runs[0]!.rotated.current.serverSeedHash).toBe(runs[1]!.rotated.current.serverSeedHash);
    // The next seed differs from the first one, and a random server differs from both.
    expect(runs[0]!.rotated.current.serverSeedHash).not.toBe(runs[0]!.status.serverSeedHash);
    const p = await registerPlayer(ctx.app);
    expect((await fairness(p.token)).serverSeedHash).not.toBe(runs[0]!.status.serverSeedHash);
  });
});

describe('the nonce of the active seed', () => {
  const seedRows = sql<{ userId: number }, { nextNonce: number; servedBefore: number; revealed: number }>(
    `SELECT next_nonce AS "nextNonce", served_before AS "servedBefore",
       CASE WHEN revealed_at IS NULL THEN 0 ELSE 1 END AS revealed
     FROM fairness_seeds WHERE user_id = :userId ORDER BY seed_index`,
  );
  const bumpActive = sql<{ userId: number }>(
    'UPDATE fairness_seeds SET next_nonce = next_nonce + 1 WHERE user_id = :userId AND revealed_at IS NULL',
  );

  it('is counted from the rolls served: a roll writes no seed row, and a revealed seed keeps its count', async () => {
    const p = await registerPlayer(ctx.app);
    await grantDice(ctx, p.user.id, 10);
    for (let i = 0; i < 3; i++) expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
    expect(await ctx.database.read.all(seedRows, { userId: p.user.id })).toEqual([
      { nextNonce: 0, servedBefore: 0, revealed: 0 },
    ]);
    expect((await fairness(p.token)).nonce).toBe(3);
    expect((await rotate(p.token)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
    expect(await ctx.database.read.all(seedRows, { userId: p.user.id })).toEqual([
      { nextNonce: 3, servedBefore: 0, revealed: 1 },
      { nextNonce: 0, servedBefore: 3, revealed: 0 },
    ]);
    const status = await fairness(p.token);
    expect(status).toMatchObject({ nonce: 2, seedIndex: 1 });
    const rolls = json(await get(ctx, '/api/fairness/rolls', p.token)).data.rolls;
    expect(rolls.map((r: { nonce: number }) => r.nonce)).toEqual([1, 0, 2, 1, 0]);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'is never written on PostgreSQL while the seed is active (an older release would draw a nonce twice)',
    async () => {
      const p = await registerPlayer(ctx.app);
      expect((await rollOnce(ctx, p.token)).statusCode).toBe(200);
      await expect(ctx.database.write((tx) => tx.run(bumpActive, { userId: p.user.id }))).rejects.toThrow(
        /older release/,
      );
      expect((await fairness(p.token)).nonce).toBe(1);
    },
  );
});
