import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRoll } from '@gogo/shared/fairness';
import { moneyText } from '@gogo/shared/messages';
import {
  BOARDS,
  gogoFromRaw,
  PROPERTY_MAX_LEVEL,
  PROPERTY_TILE_IDS,
  rewardMultiplier,
  TILES,
  upgradeCost,
} from '@gogo/shared/rules';
import { sql } from '../src/db/sql.js';
import { bearer, createTestApp, json, registerPlayer, type TestContext } from './helpers.js';
import { expectLedgerConsistent, get, grantDice, rollOnce } from './engine-helpers.js';
import { creditGogo } from './money-helpers.js';
import { createAdminSession } from './admin-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  // The ledger audit: every cached balance equals its ledger sum after all the upgrades below.
  await expectLedgerConsistent(ctx);
  await ctx.close();
});

const TILE = PROPERTY_TILE_IDS[0] ?? 1;
let requestSeq = 0;
const nextRequestId = () => `req-${(requestSeq += 1)}`;

const upgrade = (token: string, tileId: number, body: Record<string, unknown> = { requestId: nextRequestId() }) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/board/properties/${tileId}/upgrade`,
    headers: bearer(token),
    payload: body,
  });

const balanceOf = async (token: string) => json(await get(ctx, '/api/credits/balance', token)).data.balance as number;

const upgradeRows = sql<{ userId: number }, { n: number }>(
  'SELECT count(*) AS n FROM property_upgrades WHERE user_id = :userId',
);
const upgradesOf = async (userId: number) => (await ctx.database.read.get(upgradeRows, { userId }))?.n ?? 0;
const rollRows = sql<{ userId: number }, { id: number; tileId: number; propertyLevel: number; boardNumber: number }>(
  `SELECT id, tile_id AS "tileId", property_level AS "propertyLevel", board_number AS "boardNumber"
   FROM rolls WHERE user_id = :userId ORDER BY id`,
);

async function player(gogo = 0) {
  const p = await registerPlayer(ctx.app);
  await creditGogo(ctx, p.user.id, gogo);
  return p;
}

describe('GET /api/board', () => {
  it('needs a player token', async () => {
    expect((await get(ctx, '/api/board')).statusCode).toBe(401);
  });

  it('answers board 1 with 8 properties, none owned, with their costs and multipliers', async () => {
    const p = await player();
    const res = await get(ctx, '/api/board', p.token);
    expect(res.statusCode).toBe(200);
    const { data } = json(res);
    expect(data.board).toMatchObject({ number: 1, name: BOARDS[0]?.name });
    expect(data.completed).toBe(false);
    expect(data.properties).toHaveLength(8);
    expect(data.properties[0]).toEqual({
      tileId: TILE,
      name: TILES[TILE]?.name,
      level: 0,
      maxLevel: PROPERTY_MAX_LEVEL,
      upgradeCost: upgradeCost(1, 1),
      rewardMultiplier: 1,
      nextRewardMultiplier: rewardMultiplier(1, 1),
    });
  });
});

describe('POST /api/board/properties/:tileId/upgrade', () => {
  it('buys a level: one upgrade ledger entry, the balance down by the cost, the board and game state updated', async () => {
    const p = await player(1000);
    const res = await upgrade(p.token, TILE);
    expect(res.statusCode).toBe(200);
    const { data } = json(res);
    expect(data.property).toMatchObject({ tileId: TILE, level: 1, upgradeCost: upgradeCost(1, 2) });
    expect(data.balance).toBe(1000 - upgradeCost(1, 1));
    expect(data.completedBoard).toBeNull();
    expect(await balanceOf(p.token)).toBe(1000 - upgradeCost(1, 1));
    const state = json(await get(ctx, '/api/game-state/state', p.token)).data;
    expect(state.board.properties[0].level).toBe(1);

    const history = json(await get(ctx, '/api/credits/transactions', p.token)).data.transactions;
    const row = history.find((t: { type: string }) => t.type === 'upgrade');
    expect(row).toMatchObject({ type: 'upgrade', amount: -upgradeCost(1, 1), currency: 'GOGO' });
    expect(row.description).toContain(TILES[TILE]?.name);
  });

  it('refuses without enough GOGO (400 INSUFFICIENT_BALANCE) and changes nothing', async () => {
    const p = await player(upgradeCost(1, 1) - 1);
    const res = await upgrade(p.token, TILE);
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ success: false, error: { code: 'INSUFFICIENT_BALANCE' } });
    expect(await balanceOf(p.token)).toBe(upgradeCost(1, 1) - 1);
    expect(await upgradesOf(p.user.id)).toBe(0);
    expect(json(await get(ctx, '/api/board', p.token)).data.properties[0].level).toBe(0);
  });

  it('refuses a tile that is not a property (400 NOT_A_PROPERTY) and a tile off the board (400)', async () => {
    const p = await player(10_000);
    const chance = TILES.find((t) => t.type === 'CHANCE')?.id ?? 2;
    const res = await upgrade(p.token, chance);
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('NOT_A_PROPERTY');
    const off = await upgrade(p.token, 20);
    expect(off.statusCode).toBe(400);
    expect(json(off).error.code).toBe('NOT_A_PROPERTY');
    expect(await balanceOf(p.token)).toBe(10_000);
  });

  it('refuses a fifth level (409 MAX_LEVEL)', async () => {
    const p = await player(10_000);
    for (let level = 1; level <= PROPERTY_MAX_LEVEL; level += 1) {
      expect((await upgrade(p.token, TILE)).statusCode).toBe(200);
    }
    const res = await upgrade(p.token, TILE);
    expect(res.statusCode).toBe(409);
    expect(json(res).error.code).toBe('MAX_LEVEL');
    const spent = [1, 2, 3, 4].reduce((sum, level) => sum + upgradeCost(1, level), 0);
    expect(await balanceOf(p.token)).toBe(10_000 - spent);
  });

  it('needs a requestId, and the same requestId twice spends once', async () => {
    const p = await player(1000);
    expect((await upgrade(p.token, TILE, {})).statusCode).toBe(400);
    const first = await upgrade(p.token, TILE, { requestId: 'same' });
    const again = await upgrade(p.token, TILE, { requestId: 'same' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-upgrade-replayed']).toBe('1');
    expect(json(again).data.property.level).toBe(1);
    expect(await balanceOf(p.token)).toBe(1000 - upgradeCost(1, 1));
    expect(await upgradesOf(p.user.id)).toBe(1);
  });

  it('a requestId reused for another tile or another level answers 409 IDEMPOTENCY_KEY_REUSED and buys nothing', async () => {
    const p = await player(10_000);
    const other = PROPERTY_TILE_IDS[1] ?? 3;
    expect((await upgrade(p.token, TILE, { requestId: 'bound', level: 1 })).statusCode).toBe(200);
    const anotherTile = await upgrade(p.token, other, { requestId: 'bound' });
    expect(anotherTile.statusCode).toBe(409);
    expect(json(anotherTile).error).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: moneyText.idempotencyKeyReused,
      details: { field: 'requestId' },
    });
    const anotherLevel = await upgrade(p.token, TILE, { requestId: 'bound', level: 2 });
    expect(anotherLevel.statusCode).toBe(409);
    expect(json(anotherLevel).error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same request again still replays its answer.
    const same = await upgrade(p.token, TILE, { requestId: 'bound', level: 1 });
    expect(same.statusCode).toBe(200);
    expect(same.headers['x-upgrade-replayed']).toBe('1');
    expect(await balanceOf(p.token)).toBe(10_000 - upgradeCost(1, 1));
    expect(await upgradesOf(p.user.id)).toBe(1);
  });

  it('20 concurrent upgrades of one level: one buys it, the others answer 409 LEVEL_ALREADY_BUILT', async () => {
    const p = await player(10_000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => upgrade(p.token, TILE, { requestId: nextRequestId(), level: 1 })),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers) if (r.statusCode === 409) expect(json(r).error.code).toBe('LEVEL_ALREADY_BUILT');
    expect(await balanceOf(p.token)).toBe(10_000 - upgradeCost(1, 1));
    expect(await upgradesOf(p.user.id)).toBe(1);
  });

  it('20 concurrent upgrades with GOGO for one: one succeeds, the balance never goes below 0', async () => {
    const p = await player(upgradeCost(1, 1));
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upgrade(p.token, PROPERTY_TILE_IDS[i % 8] ?? 1)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers) if (r.statusCode !== 200) expect(json(r).error.code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(p.token)).toBe(0);
  });

  it('completing board 1 pays its bonus once and moves the player to board 2 (position, XP, balance kept)', async () => {
    const total = PROPERTY_TILE_IDS.length * [1, 2, 3, 4].reduce((sum, level) => sum + upgradeCost(1, level), 0);
    const p = await player(total);
    const before = json(await get(ctx, '/api/game-state/state', p.token)).data;
    let completion = null;
    for (const tileId of PROPERTY_TILE_IDS) {
      for (let level = 1; level <= PROPERTY_MAX_LEVEL; level += 1) {
        const res = await upgrade(p.token, tileId);
        expect(res.statusCode).toBe(200);
        if (json(res).data.completedBoard) completion = json(res).data;
      }
    }
    const board1 = BOARDS[0];
    expect(completion?.completedBoard).toEqual({
      number: 1,
      name: board1?.name,
      dice: board1?.completionDice,
      gogo: board1?.completionGogo,
    });
    expect(completion?.board.board.number).toBe(2);
    expect(completion?.board.properties.every((x: { level: number }) => x.level === 0)).toBe(true);
    const after = json(await get(ctx, '/api/game-state/state', p.token)).data;
    expect(after.balance).toBe(board1?.completionGogo);
    expect(after.diceRollsRemaining).toBe(before.diceRollsRemaining + (board1?.completionDice ?? 0));
    expect(after).toMatchObject({ position: before.position, xp: before.xp, level: before.level });
    expect(after.board.board).toMatchObject({ number: 2, name: BOARDS[1]?.name });
    expect(json(await get(ctx, '/api/board', p.token)).data.board.number).toBe(2);
  });
});

describe('rolls on an upgraded board', () => {
  it('multiply the reward of owned properties, record the level, and verify once the seed is revealed', async () => {
    const p = await player(100_000);
    // Every property at level 2 except the first (unowned), so both cases get landed on.
    for (const tileId of PROPERTY_TILE_IDS.slice(1)) {
      await upgrade(p.token, tileId);
      await upgrade(p.token, tileId);
    }
    await grantDice(ctx, p.user.id, 60);
    let ownedLandings = 0;
    for (let i = 0; i < 60; i += 1) {
      const res = await rollOnce(ctx, p.token);
      expect(res.statusCode).toBe(200);
      const roll = json(res).data;
      const expectedLevel = roll.tile.type === 'PROPERTY' && roll.tile.id !== TILE ? 2 : 0;
      expect(roll.propertyLevel).toBe(expectedLevel);
      expect(roll.boardNumber).toBe(1);
      expect(roll.state.board.properties).toHaveLength(8);
      if (roll.tile.type === 'PROPERTY') {
        expect(roll.reward).toBe(gogoFromRaw(roll.rawReward) * rewardMultiplier(1, expectedLevel));
        if (expectedLevel > 0) ownedLandings += 1;
      }
    }
    expect(ownedLandings).toBeGreaterThan(0);
    const stored = await ctx.database.read.all(rollRows, { userId: p.user.id });
    expect(stored.filter((r) => r.propertyLevel === 2).length).toBe(ownedLandings);

    await ctx.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: bearer(p.token) });
    const rolls = json(await get(ctx, '/api/fairness/rolls?limit=60', p.token)).data.rolls;
    expect(rolls).toHaveLength(60);
    for (const roll of rolls) {
      expect(roll.revealed).toBe(true);
      const check = verifyRoll({ ...roll, serverSeed: roll.serverSeed });
      expect(check, `roll ${roll.rollId}`).toMatchObject({ valid: true });
      if (roll.propertyLevel > 0) {
        // The same roll claimed at another level does not verify.
        expect(verifyRoll({ ...roll, propertyLevel: roll.propertyLevel - 1 }).valid).toBe(false);
      }
    }
  });
});

describe('the back office', () => {
  it("shows GOGO spent on upgrades per day, boards completed, a player's board and upgrade rows", async () => {
    const admin = await createAdminSession(ctx);
    const analytics = async () =>
      json(await get(ctx, '/api/admin/analytics?days=1', admin.token)).data as {
        totals: { gogoSpentOnUpgrades: number; boardsCompleted: number };
        series: { gogoSpentOnUpgrades: number }[];
      };
    const before = await analytics();
    const p = await player(1000);
    await upgrade(p.token, TILE);
    await upgrade(p.token, TILE);
    const after = await analytics();
    const spent = upgradeCost(1, 1) + upgradeCost(1, 2);
    expect(after.totals.gogoSpentOnUpgrades - before.totals.gogoSpentOnUpgrades).toBe(spent);
    expect(after.series.at(-1)?.gogoSpentOnUpgrades).toBe(after.totals.gogoSpentOnUpgrades);

    const detail = json(await get(ctx, `/api/admin/users/${p.user.id}`, admin.token)).data;
    expect(detail.board.board.number).toBe(1);
    expect(detail.board.properties[0]).toMatchObject({ tileId: TILE, level: 2 });
    expect(detail.boardsCompleted).toBe(0);

    const txs = json(await get(ctx, '/api/admin/all-transactions?type=upgrade', admin.token)).data;
    const mine = txs.allTransactions.filter((t: { userId: { id: number } }) => t.userId.id === p.user.id);
    expect(mine.map((t: { amount: number }) => t.amount).sort()).toEqual(
      [-upgradeCost(1, 2), -upgradeCost(1, 1)].sort(),
    );
  });
});
