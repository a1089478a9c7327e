import { describe, expect, it } from 'vitest';
import { PROPERTY_TILE_IDS } from '@gogo/shared/rules';
import fc from 'fast-check';
import { sql } from '../src/db/sql.js';
import { packStored, unpackBytes, unpackStored } from '../src/modules/game/stored-answer.js';
import { creditGogo, postFor } from './money-helpers.js';
import { appForFile, get, rollOnce } from './engine-helpers.js';
import { bearer, json, registerPlayer, type TestContext } from './helpers.js';

/**
 * A roll's stored answer (rolls.answer) keeps the board's key instead of its view (about 1.8 KB of
 * names, costs and multipliers), leaves out the fairness and time its row's columns hold, and is
 * packed (deflate against a preset dictionary, as bytes): the row, most of a roll's WAL, is a fifth
 * of what the JSON took. The view and the facts are put back when the answer is sent and replayed.
 */
let ctx: TestContext;
appForFile((made) => (ctx = made));

const storedOf = sql<{ id: number }, { result: string; answer: Buffer | null }>(
  'SELECT result, answer FROM rolls WHERE id = :id',
);
const setStored = sql<{ id: number; result: string }, never>(
  'UPDATE rolls SET result = :result, answer = NULL WHERE id = :id',
);
const TILE = PROPERTY_TILE_IDS[0] ?? 1;

describe('the stored answer of a roll', () => {
  it("stores the board's key, packed in under 320 bytes, and replays the board as it was at the roll", async () => {
    const p = await registerPlayer(ctx.app);
    await creditGogo(ctx, p.user.id, 1_000_000);
    const first = await rollOnce(ctx, p.token, { requestId: 'stored-1' });
    expect(first.statusCode).toBe(200);
    const answer = json(first).data;
    expect(answer.state.board.properties).toHaveLength(PROPERTY_TILE_IDS.length);

    const row = (await ctx.database.read.get(storedOf, { id: answer.rollId }))!;
    expect(row.result).toBe('');
    expect(Buffer.isBuffer(row.answer)).toBe(true);
    expect(row.answer!.length).toBeLessThan(320);
    const stored = unpackBytes(row.answer!);
    expect(JSON.parse(stored).die).toBe(answer.die);
    expect(stored).toContain(`"board":{"$b":"1:${PROPERTY_TILE_IDS.map(() => 0).join(',')}"}`);
    expect(stored).not.toContain('"properties"');
    // The row's columns hold the fairness and the time: the stored answer does not repeat them.
    expect(stored).not.toContain(answer.fairness.serverSeedHash);
    expect(stored).not.toContain(answer.fairness.clientSeed);
    expect(stored).not.toContain('"createdAt"');

    // The player builds after the roll: the replay still shows the board the roll was paid on.
    const built = await ctx.app.inject({
      method: 'POST',
      url: `/api/board/properties/${TILE}/upgrade`,
      headers: bearer(p.token),
      payload: { requestId: 'build-1' },
    });
    expect(built.statusCode).toBe(200);
    const replayed = await rollOnce(ctx, p.token, { requestId: 'stored-1' });
    expect(replayed.headers['x-roll-replayed']).toBe('1');
    expect(replayed.body).toBe(first.body);

    // The next roll's answer has the new level, from its own key.
    const next = json(await rollOnce(ctx, p.token, { requestId: 'stored-2' })).data;
    expect(next.state.board.properties[0]).toMatchObject({ tileId: TILE, level: 1 });
  });

  it('replays the answers of rows written before as they were: whole JSON, and packed text', async () => {
    const p = await registerPlayer(ctx.app);
    for (const [i, asStored] of [
      (text: string) => text,
      // The text form ('z1:' and base64) held the same deflate as the bytes after their version byte.
      (text: string) => `z1:${packStored(text).subarray(1).toString('base64')}`,
    ].entries()) {
      const first = await rollOnce(ctx, p.token, { requestId: `earlier-${i}` });
      const { rollId, ...rest } = json(first).data;
      await ctx.database.write((tx) => tx.run(setStored, { id: rollId, result: asStored(JSON.stringify(rest)) }));
      const replayed = await rollOnce(ctx, p.token, { requestId: `earlier-${i}` });
      expect(replayed.headers['x-roll-replayed']).toBe('1');
      expect(replayed.body).toBe(first.body);
    }
  });

  it('unpacks exactly what it packed, whatever the text', () => {
    // Texts of JSON's characters, multi-byte ones and a lone surrogate's neighbours included, past the
    // 4 KB window: built from pieces so that generating them costs little.
    const piece = fc.constantFrom(
      '{',
      '}',
      '"',
      ':',
      ',',
      '\\',
      'a',
      'Airdrop',
      '"tileName":',
      'é',
      '😀',
      '0',
      '17959',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 1500 }), (pieces) => {
        const text = pieces.join('');
        expect(unpackBytes(packStored(text))).toBe(text);
      }),
      { numRuns: 60 },
    );
    // JSON (every stored answer before packing) is read as it is.
    expect(unpackStored('{"die":3}')).toBe('{"die":3}');
  });

  it("lists a roll's level-up in the player's activity, from its ledger rows", async () => {
    const p = await registerPlayer(ctx.app);
    await postFor(ctx, p.user.id, [{ asset: 'DICE', amount: 200, type: 'purchase', reason: 'test' }]);
    let reached: number | undefined;
    for (let i = 0; i < 200 && reached === undefined; i++) {
      const answer = json(await rollOnce(ctx, p.token)).data;
      reached = answer.levelUps.at(-1);
    }
    expect(reached).toBeGreaterThan(1);
    const activity = json(await get(ctx, `/api/user/activity/${p.user.id}`, p.token)).data;
    const items = (Array.isArray(activity) ? activity : activity.items) as { type: string; amount: number | null }[];
    expect(items.filter((a) => a.type === 'level_up').map((a) => a.amount)).toContain(reached);
  });
});
