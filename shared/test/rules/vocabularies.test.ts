import { describe, expect, it } from 'vitest';
import {
  ASSETS,
  CHAIN_COINS,
  CHALLENGE_KINDS,
  CHALLENGE_POOL,
  CRYPTO_TYPES,
  emptyDayCounts,
  EVENT_METRICS,
  scoreDeltas,
  TILE_TYPES,
  TILES,
  TRANSACTION_TYPES,
} from '../../src/rules/index.js';
import { Analytics, EventMetricSchema, TileDto, TransactionTypeSchema } from '../../src/api/index.js';
import { eventText, ledgerKindText } from '../../src/messages/index.js';

/** The values of a union of literals, in order. */
const literals = (schema: unknown) => (schema as { anyOf: Array<{ const: string }> }).anyOf.map((s) => s.const);

describe('each vocabulary is defined once in shared/src/rules and derived everywhere', () => {
  it('tile types: the roll answer and the analytics shape follow the list', () => {
    expect(literals(TileDto.properties.type)).toEqual([...TILE_TYPES]);
    expect(TILE_TYPES).toEqual(expect.arrayContaining([...new Set(TILES.map((t) => t.type))]));
    expect(Object.keys(Analytics.properties.rolls.properties.byTileType.properties)).toEqual([...TILE_TYPES]);
    expect((TileDto.properties.id as { maximum?: number }).maximum).toBe(TILES.length - 1);
  });

  it('ledger kinds, assets, event metrics and challenge kinds: schemas, texts and counts follow the lists', () => {
    expect(literals(TransactionTypeSchema)).toEqual([...TRANSACTION_TYPES]);
    expect(ASSETS).toEqual(['GOGO', 'DICE']);
    expect(literals(EventMetricSchema)).toEqual([...EVENT_METRICS]);
    expect(Object.keys(eventText.metric).sort()).toEqual([...EVENT_METRICS].sort());
    expect(Object.keys(scoreDeltas({ reward: 5, lapCompleted: true, tileType: 'START', die: 6 })).sort()).toEqual(
      [...EVENT_METRICS].sort(),
    );
    expect(Object.keys(emptyDayCounts())).toEqual([...CHALLENGE_KINDS]);
    for (const def of CHALLENGE_POOL) expect(CHALLENGE_KINDS).toContain(def.kind);
    expect(Object.values(ledgerKindText).every((text) => text.length > 0)).toBe(true);
    for (const coin of CHAIN_COINS) expect(CRYPTO_TYPES).toContain(coin);
  });
});
