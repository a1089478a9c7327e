/** Where the generated art and sound live (scripts/assets/*.gen.mjs writes them into public/generated). */
export const GENERATED_BASE = '/generated';

export function tileIconUrl(icon: string): string {
  return `${GENERATED_BASE}/board/tiles/${icon}.svg`;
}

export function achievementIconUrl(icon: string): string {
  return `${GENERATED_BASE}/board/achievements/${icon}.svg`;
}

export function tileIconKey(icon: string): string {
  return `tile-icon:${icon}`;
}
