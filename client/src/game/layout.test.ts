import { describe, expect, it } from 'vitest';
import { boardGeometry, isCorner, tileAtPoint, tileCell } from './layout';

describe('board layout', () => {
  it('puts the 20 tiles on the outer ring of a 6x6 grid, each cell once', () => {
    const cells = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const { col, row } = tileCell(i);
      expect(col === 0 || col === 5 || row === 0 || row === 5).toBe(true);
      cells.add(`${col},${row}`);
    }
    expect(cells.size).toBe(20);
  });

  it('starts at the bottom-right corner and goes round in index order (neighbours share an edge)', () => {
    expect(tileCell(0)).toEqual({ col: 5, row: 5 });
    expect([0, 5, 10, 15].every(isCorner)).toBe(true);
    for (let i = 0; i < 20; i += 1) {
      const a = tileCell(i);
      const b = tileCell((i + 1) % 20);
      expect(Math.abs(a.col - b.col) + Math.abs(a.row - b.row)).toBe(1);
    }
  });

  it('finds the tile under a point and nothing in the centre panel', () => {
    const g = boardGeometry(600);
    expect(tileAtPoint(g, 550, 550)).toBe(0);
    expect(tileAtPoint(g, 50, 550)).toBe(5);
    expect(tileAtPoint(g, 50, 50)).toBe(10);
    expect(tileAtPoint(g, 550, 50)).toBe(15);
    expect(tileAtPoint(g, 300, 300)).toBeNull();
  });
});
