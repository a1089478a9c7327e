import { TILES } from '@gogo/shared/rules';

/** The page's colour scheme (lib/settings.ts resolves 'auto'): the board follows it. */
export type ColorScheme = 'dark' | 'light';

/** One property as the board draws it: the board's own name for it and the level built (0: not owned). */
export interface PropertyLook {
  tileId: number;
  name: string;
  level: number;
  /** What the tile's reward is multiplied by now (1 when not owned). */
  multiplier: number;
}

/**
 * Everything that changes how the static board looks: the colour scheme, the player's board (its
 * number and art theme) and what they have built. The scene redraws when its key changes.
 */
export interface BoardLook {
  scheme: ColorScheme;
  board: { number: number; theme: string };
  properties: PropertyLook[];
}

/** The look before the player's board has loaded: board 1, nothing owned. */
export function defaultLook(scheme: ColorScheme = 'dark'): BoardLook {
  return {
    scheme,
    board: { number: 1, theme: 'city' },
    properties: TILES.filter((t) => t.type === 'PROPERTY').map((t) => ({
      tileId: t.id,
      name: t.name,
      level: 0,
      multiplier: 1,
    })),
  };
}

/**
 * A short text that names a look: "2:harbour:light:1,0,4,...". It is what the board reports once it
 * has drawn a look (the frame's data-board-look, an e2e hook) and how the scene skips a redraw.
 */
export function lookKey(look: BoardLook): string {
  const levels = [...look.properties]
    .sort((a, b) => a.tileId - b.tileId)
    .map((p) => p.level)
    .join(',');
  return `${look.board.number}:${look.board.theme}:${look.scheme}:${levels}`;
}

/** The colours of the static board in one scheme and one board's art (numbers for Phaser, CSS for text). */
export interface SurfaceColors {
  base: number;
  baseEdge: number;
  centre: number;
  centreEdge: number;
  tile: number;
  /** How strongly a tile takes its type's colour over the tile colour. */
  tileTint: number;
  /** Tile names. */
  ink: string;
  /** The reward hint on the coloured band. */
  bandInk: string;
  /** The ring around an owned property. */
  owned: number;
  /** Buildings: walls, roofs, windows, and the crown of a top-level one. */
  wall: number;
  wallShade: number;
  roof: number;
  window: number;
  crown: number;
}

/** Each board has its own art: the ground, the roofs and the walls change with it. */
const ART: Record<string, { dark: Partial<SurfaceColors>; light: Partial<SurfaceColors> }> = {
  city: {
    dark: { base: 0x0e1530, centre: 0x111a36, roof: 0xe0524f, wall: 0xf2ead8, wallShade: 0xc9bfa7 },
    light: { base: 0xdfe6f7, centre: 0xeef2fb, roof: 0xd8433f, wall: 0xfffaf0, wallShade: 0xd9cfb8 },
  },
  harbour: {
    dark: {
      base: 0x0b2430,
      centre: 0x0e2b38,
      tile: 0x123044,
      baseEdge: 0x245868,
      roof: 0x2fb5a8,
      wall: 0xe8f1f2,
      wallShade: 0xb5c9cc,
    },
    light: {
      base: 0xd6eef0,
      centre: 0xe9f7f8,
      tile: 0xf6fdfd,
      baseEdge: 0xa6d3d8,
      roof: 0x1e9488,
      wall: 0xffffff,
      wallShade: 0xc6dadd,
    },
  },
  heights: {
    dark: {
      base: 0x1a1235,
      centre: 0x20173f,
      tile: 0x251c48,
      baseEdge: 0x4a3a80,
      roof: 0xb07cff,
      wall: 0xe9e4ff,
      wallShade: 0xb9addf,
    },
    light: {
      base: 0xe6def8,
      centre: 0xf3effd,
      tile: 0xfcfaff,
      baseEdge: 0xc6b6ea,
      roof: 0x8a55e0,
      wall: 0xffffff,
      wallShade: 0xd3c8ef,
    },
  },
};

const SCHEMES: Record<ColorScheme, SurfaceColors> = {
  dark: {
    base: 0x0e1530,
    baseEdge: 0x2a3563,
    centre: 0x111a36,
    centreEdge: 0x34407a,
    tile: 0x18213f,
    tileTint: 0.12,
    ink: '#eef1ff',
    bandInk: '#0b1020',
    owned: 0xffd76a,
    wall: 0xf2ead8,
    wallShade: 0xc9bfa7,
    roof: 0xe0524f,
    window: 0x2a3563,
    crown: 0xf7b731,
  },
  light: {
    base: 0xdfe6f7,
    baseEdge: 0xb3bedd,
    centre: 0xeef2fb,
    centreEdge: 0xc3cce6,
    tile: 0xffffff,
    tileTint: 0.1,
    ink: '#12172b',
    bandInk: '#0b1020',
    owned: 0xb87800,
    wall: 0xfffaf0,
    wallShade: 0xd9cfb8,
    roof: 0xd8433f,
    window: 0x4a5478,
    crown: 0xf7b731,
  },
};

export function surfaceColors(scheme: ColorScheme, theme: string): SurfaceColors {
  const art = ART[theme] ?? ART.city!;
  return { ...SCHEMES[scheme], ...art[scheme] };
}
