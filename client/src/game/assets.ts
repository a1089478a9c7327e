/** Where the generated art and sound live (scripts/assets/*.gen.mjs writes them into public/generated). */
export const GENERATED_BASE = '/generated';

export function tileIconUrl(icon: string): string {
  return `${GENERATED_BASE}/board/tiles/${icon}.svg`;
}

export function achievementIconUrl(icon: string): string {
  return `${GENERATED_BASE}/board/achievements/${icon}.svg`;
}

/** The tile icons packed into one sheet by scripts/assets/board.gen.mjs: sorted by name, 5 per row. */
export const TILE_SHEET_URL = `${GENERATED_BASE}/board/tiles-sheet.svg`;
export const TILE_SHEET_KEY = 'tile-icons';
export const TILE_SHEET_COLUMNS = 5;

/** Position of an icon in the sheet (same order as the generator: icon names sorted). */
export function tileSheetIndex(icons: readonly string[], icon: string): number {
  return [...new Set(icons)].sort().indexOf(icon);
}
