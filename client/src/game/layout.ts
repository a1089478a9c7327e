import { BOARD_SIZE, wrapPosition } from '@gogo/shared/rules';

/** The board is a 6x6 grid: 20 tiles on the outer ring, a 4x4 centre panel. */
export const GRID = 6;
const PER_SIDE = GRID - 1; // 5 steps between two corners

export interface Cell {
  col: number;
  row: number;
}

/**
 * Grid cell of a tile. Tile 0 (Start) is the bottom-right corner; indices grow to the left along
 * the bottom row, up the left column, right along the top row and down the right column, so the
 * token (which moves backwards in index) goes up the right side first.
 */
export function tileCell(index: number): Cell {
  const i = wrapPosition(index);
  const last = GRID - 1;
  if (i < PER_SIDE) return { col: last - i, row: last }; // bottom row, right to left
  if (i < PER_SIDE * 2) return { col: 0, row: last - (i - PER_SIDE) }; // left column, bottom to top
  if (i < PER_SIDE * 3) return { col: i - PER_SIDE * 2, row: 0 }; // top row, left to right
  return { col: last, row: i - PER_SIDE * 3 }; // right column, top to bottom
}

export function isCorner(index: number): boolean {
  return wrapPosition(index) % PER_SIDE === 0;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface TileRect extends Rect {
  id: number;
  cx: number;
  cy: number;
}

export interface BoardGeometry {
  size: number;
  /** Edge of one grid cell. */
  cell: number;
  /** Space between tiles. */
  gap: number;
  tiles: TileRect[];
  /** The centre panel (4x4 cells). */
  centre: Rect & { cx: number; cy: number };
}

/** Pixel geometry of a square board `size` pixels wide (device pixels of the canvas). */
export function boardGeometry(size: number): BoardGeometry {
  const cell = size / GRID;
  const gap = Math.max(1, Math.round(cell * 0.05));
  const tiles: TileRect[] = [];
  for (let id = 0; id < BOARD_SIZE; id += 1) {
    const { col, row } = tileCell(id);
    const x = col * cell + gap / 2;
    const y = row * cell + gap / 2;
    const w = cell - gap;
    const h = cell - gap;
    tiles.push({ id, x, y, w, h, cx: x + w / 2, cy: y + h / 2 });
  }
  const inset = gap * 1.5;
  const centre = { x: cell + inset, y: cell + inset, w: cell * 4 - inset * 2, h: cell * 4 - inset * 2 };
  return { size, cell, gap, tiles, centre: { ...centre, cx: size / 2, cy: size / 2 } };
}

/** The tile under a point, or null (the centre panel, a gap or outside). */
export function tileAtPoint(geometry: BoardGeometry, x: number, y: number): number | null {
  for (const tile of geometry.tiles) {
    if (x >= tile.x && x <= tile.x + tile.w && y >= tile.y && y <= tile.y + tile.h) return tile.id;
  }
  return null;
}
