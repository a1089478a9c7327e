import { describe, expect, it } from 'vitest';
import { BOARDS, PROPERTY_TILE_IDS } from '@gogo/shared/rules';
import { defaultLook, lookKey, surfaceColors } from './look';

describe('board look', () => {
  it('names board 1, its art, the scheme and the level of every property in tile order', () => {
    const look = defaultLook('light');
    expect(lookKey(look)).toBe(`1:city:light:${PROPERTY_TILE_IDS.map(() => 0).join(',')}`);
    const built = { ...look, properties: [...look.properties].reverse().map((p, i) => ({ ...p, level: i % 5 })) };
    const levels = PROPERTY_TILE_IDS.map((id) => built.properties.find((p) => p.tileId === id)!.level);
    expect(lookKey(built)).toBe(`1:city:light:${levels.join(',')}`);
  });

  it('gives every board its own ground and roofs, in both schemes', () => {
    for (const scheme of ['dark', 'light'] as const) {
      const grounds = new Set(BOARDS.map((b) => surfaceColors(scheme, b.theme).base));
      const roofs = new Set(BOARDS.map((b) => surfaceColors(scheme, b.theme).roof));
      expect(grounds.size).toBe(BOARDS.length);
      expect(roofs.size).toBe(BOARDS.length);
    }
    expect(surfaceColors('light', 'city').ink).not.toBe(surfaceColors('dark', 'city').ink);
  });
});
