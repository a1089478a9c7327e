import { describe, expect, it } from 'vitest';
import { BOARDS, PROPERTY_MAX_LEVEL } from '@gogo/shared/rules';
import { buildingShapes, type Shape } from './buildingShapes';

/** The box a shape covers: [left, top, right, bottom], y up being negative. */
function box(shape: Shape): [number, number, number, number] {
  if (shape.kind === 'rect') return [shape.x, shape.y, shape.x + shape.w, shape.y + shape.h];
  if (shape.kind === 'ellipse') {
    return [shape.cx - shape.w / 2, shape.cy - shape.h / 2, shape.cx + shape.w / 2, shape.cy + shape.h / 2];
  }
  const [x1, y1, x2, y2, x3, y3] = shape.points;
  return [Math.min(x1, x2, x3), Math.min(y1, y2, y3), Math.max(x1, x2, x3), Math.max(y1, y2, y3)];
}

const levels = Array.from({ length: PROPERTY_MAX_LEVEL }, (_, i) => i + 1);
const heightOf = (shapes: Shape[]) => -Math.min(...shapes.map((s) => box(s)[1]));

describe('each board builds its own kind of building', () => {
  it('every board, every level, fits the art box of the tile and the Build sheet (-24..24, -46..4)', () => {
    for (const board of BOARDS) {
      for (const level of levels) {
        for (const shape of buildingShapes(level, board.theme)) {
          const [left, top, right, bottom] = box(shape);
          expect([left >= -24, top >= -46, right <= 24, bottom <= 4], `${board.theme} ${level}`).toEqual([
            true,
            true,
            true,
            true,
          ]);
        }
      }
    }
  });

  it('starts small and ends tallest on every board, and nothing stands on an unowned plot', () => {
    for (const board of BOARDS) {
      expect(buildingShapes(0, board.theme)).toEqual([]);
      const heights = levels.map((level) => heightOf(buildingShapes(level, board.theme)));
      expect(Math.min(...heights), board.theme).toBe(heights[0]);
      expect(Math.max(...heights), board.theme).toBe(heights[PROPERTY_MAX_LEVEL - 1]);
    }
  });

  it('no two boards draw the same building at any level', () => {
    for (const level of levels) {
      const drawn = BOARDS.map((board) => JSON.stringify(buildingShapes(level, board.theme)));
      expect(new Set(drawn).size).toBe(BOARDS.length);
    }
  });
});
