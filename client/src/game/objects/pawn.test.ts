import { describe, expect, it } from 'vitest';
import { boardGeometry } from '../layout';
import { pawnBox, pawnSpot } from './PawnView';

type Box = { x: number; y: number; w: number; h: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

describe('where the pawn stands', () => {
  const geometry = boardGeometry(600);

  it('on every tile, inside the tile, clear of the name, the icon and the reward band', () => {
    for (const tile of geometry.tiles) {
      const box = pawnBox(pawnSpot(tile));
      // TileView: a 21-unit band on top, a 36-unit icon at 34% of the rest, the name at the bottom.
      const band = { x: tile.x, y: tile.y, w: tile.w, h: 21 };
      const iconY = tile.y + 21 + (tile.h - 21) * 0.34;
      const icon = { x: tile.cx - 18, y: iconY - 18, w: 36, h: 36 };
      // The name takes up to two lines of 13.5 px from 5 units above the bottom edge.
      const name = { x: tile.x, y: tile.y + tile.h - 5 - 30, w: tile.w, h: 30 };
      expect(overlaps(box, band)).toBe(false);
      expect(overlaps(box, icon)).toBe(false);
      expect(overlaps(box, name)).toBe(false);
      expect(box.x + box.w).toBeLessThanOrEqual(tile.x + tile.w);
    }
  });
});
