import { describe, expect, it } from 'vitest';
import { PROPERTY_TILE_IDS } from '@gogo/shared/rules';
import fc from 'fast-check';
import { sql } from '../src/db/sql.js';
import { packStored, unpackStored } from '../src/modules/game/stored-answer.js';
import { creditGogo, postFor } from './money-helpers.js';
import { appForFile, get, rollOnce } from './engine-helpers.js';
import { bearer, json, registerPlayer, type TestContext } from './helpers.js';

/**
 * A roll's stored answer (rolls.result) keeps the board's key instead of its view (about 1.8 KB of
 * names, costs and multipliers), and is packed (deflate against a preset dictionary, base64): the
 * row, most of a roll's WAL, is a third of what the JSON took. The view is put back and the text
 * unpacked when the answer is sent and replayed.
 */
let ctx: TestContext;
appForFile((made) => (ctx = made));

const storedOf = sql<{ id: number }, { result: string }>('SELECT result FROM rolls WHERE id = :id');
const setStored = sql<{ id: number; result: string }, never>('UPDATE rolls SET result = :result WHERE id = :id');
const TILE = PROPERTY_TILE_IDS[0] ?? 1;

describe('the stored answer of a roll', () => {
  it("stores the board's key, packed under 600 bytes, and replays the board as it was at the roll", async () => {
    const p = await registerPlayer(ctx.app);
    await creditGogo(ctx, p.user.id, 1_000_000);
    const first = await rollOnce(ctx, p.token, { requestId: 'stored-1' });
    expect(first.statusCode).toBe(200);
    const answer = json(first).data;
    expect(answer.state.board.properties).toHaveLength(PROPERTY_TILE_IDS.length);

    const packed = (await ctx.database.read.get(storedOf, { id: answer.rollId }))!.result;
    expect(packed.startsWith('z1:')).toBe(true);
    expect(Buffer.byteLength(packed)).toBeLessThan(600);
    const stored = unpackStored(packed);
    expect(JSON.parse(stored).fairness.nonce).toBe(answer.fairness.nonce);
    expect(stored).toContain(`"board":{"$b":"1:${PROPERTY_TILE_IDS.map(() => 0).join(',')}"}`);
    expect(stored).not.toContain('"properties"');

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

  it('replays an answer stored whole (before the key) as it is', async () => {
    const p = await registerPlayer(ctx.app);
    const first = await rollOnce(ctx, p.token, { requestId: 'whole-1' });
    const { rollId, ...rest } = json(first).data;
    await ctx.database.write((tx) => tx.run(setStored, { id: rollId, result: JSON.stringify(rest) }));
    const replayed = await rollOnce(ctx, p.token, { requestId: 'whole-1' });
    expect(replayed.headers['x-roll-replayed']).toBe('1');
    expect(replayed.body).toBe(first.body);
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
        expect(unpackStored(packStored(text))).toBe(text);
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
