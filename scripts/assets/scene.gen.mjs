// The scene behind the /game board: a night skyline with lit windows and a gold coin for a moon,
// drawn here as one SVG from a seeded generator (the same bytes on every machine, no network).
// Output: client/public/generated/scene/skyline.svg, used by client/src/features/game/GamePage.css.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from './seeded-random.mjs';

export function skylineSvg(seed = 22) {
  const random = seededRandom(seed);
  const widths = [22, 26, 30, 34, 40];
  const buildings = [];
  const windows = [];
  for (let x = 0; x < 400;) {
    const w = widths[Math.floor(random() * widths.length)] ?? 30;
    const h = 40 + Math.floor(random() * 70);
    buildings.push(`<rect x="${x}" y="${140 - h}" width="${w - 3}" height="${h}"/>`);
    for (let wy = 140 - h + 8; wy < 136; wy += 12) {
      for (let wx = x + 5; wx < x + w - 8; wx += 8) {
        if (random() < 0.25) windows.push(`<rect x="${wx}" y="${wy}" width="3" height="4"/>`);
      }
    }
    x += w;
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 140" preserveAspectRatio="xMidYMax slice">',
    '<circle cx="330" cy="34" r="18" fill="#f7b731" fill-opacity=".5"/>',
    '<circle cx="330" cy="34" r="11" fill="none" stroke="#fff3b0" stroke-opacity=".6" stroke-width="2"/>',
    `<g fill="#5ab0ff" fill-opacity=".16">${buildings.join('')}</g>`,
    `<g fill="#ffd76a" fill-opacity=".45">${windows.join('')}</g>`,
    '</svg>\n',
  ].join('');
}

/** @param {{ outRoot: string }} options */
export function generate({ outRoot }) {
  const dir = join(outRoot, 'scene');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'skyline.svg'), skylineSvg());
}
