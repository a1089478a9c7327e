import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, TILES } from '@gogo/shared/rules';
import { tileSheetIndex } from './assets';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const names = (group: string) =>
  readdirSync(join(root, 'assets', 'board', group))
    .filter((f) => f.endsWith('.svg'))
    .map((f) => f.replace(/\.svg$/, ''))
    .sort();

describe('board art', () => {
  it('has exactly one drawn icon per tile icon key, in the sheet order the generator uses', () => {
    const icons = TILES.map((tile) => tile.icon);
    expect(names('tiles')).toEqual([...new Set(icons)].sort());
    names('tiles').forEach((icon, index) => expect(tileSheetIndex(icons, icon)).toBe(index));
  });

  it('has one drawn icon per achievement', () => {
    expect(names('achievements')).toEqual(ACHIEVEMENTS.map((a) => a.icon).sort());
  });
});
