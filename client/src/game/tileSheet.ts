import { TILES } from '@gogo/shared/rules';
import { TILE_SHEET_COLUMNS, TILE_SHEET_URL } from './assets';

/** Raster size of one tile icon: crisp at the largest board on a 2x screen. */
export const ICON_RASTER = 128;

let sheet: Promise<HTMLCanvasElement | null> | null = null;

/**
 * The tile icon sheet (one SVG for the twenty icons), downloaded and rasterised at ICON_RASTER per icon
 * while the engine itself is still downloading, so the board's first frame does not wait for Phaser's
 * loader to fetch and decode it. Null when it could not load: the engine's loader tries again.
 */
export function preloadTileSheet(): Promise<HTMLCanvasElement | null> {
  sheet ??= (async () => {
    const image = new Image();
    image.src = TILE_SHEET_URL;
    await image.decode();
    const rows = Math.ceil(new Set(TILES.map((tile) => tile.icon)).size / TILE_SHEET_COLUMNS);
    const canvas = document.createElement('canvas');
    canvas.width = TILE_SHEET_COLUMNS * ICON_RASTER;
    canvas.height = rows * ICON_RASTER;
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas;
  })().catch(() => {
    sheet = null; // offline: the next load tries again
    return null;
  });
  return sheet;
}
