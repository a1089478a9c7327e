import type { TileType } from '@gogo/shared/rules';

/** Tile type colours, shared by the canvas (numbers) and the DOM legend and panels (CSS strings). */
export const TILE_COLORS: Readonly<Record<TileType, { main: number; css: string; label: string }>> = {
  START: { main: 0x3ddc97, css: '#3ddc97', label: 'Start' },
  PROPERTY: { main: 0x5ab0ff, css: '#5ab0ff', label: 'Property' },
  CHANCE: { main: 0xb07cff, css: '#b07cff', label: 'Chance' },
  PENALTY: { main: 0xff6b6b, css: '#ff6b6b', label: 'Penalty' },
  JACKPOT: { main: 0xf7b731, css: '#f7b731', label: 'Jackpot' },
};

export const BOARD_COLORS = {
  base: 0x0e1530,
  baseEdge: 0x2a3563,
  tile: 0x18213f,
  tileInk: 0xeef1ff,
  muted: 0xaab3d9,
  centre: 0x111a36,
  centreEdge: 0x34407a,
  gold: 0xf7b731,
  goldLight: 0xffd76a,
  goldDark: 0xa8740e,
  dieFace: 0xfff8e8,
  dieEdge: 0xd9cdb0,
  diePip: 0x1b1300,
  danger: 0xff6b6b,
  success: 0x3ddc97,
  highlight: 0xffffff,
} as const;

export const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
