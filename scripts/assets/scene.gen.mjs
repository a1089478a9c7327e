// The scene behind the /game board: a night skyline with lit windows, a crescent moon and a few stars,
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
  const stars = [];
  for (let i = 0; i < 9; i += 1) {
    const sx = 12 + Math.floor(random() * 376);
    const sy = 6 + Math.floor(random() * 26);
    // Clear of the moon, so the crescent stays its own shape.
    if (Math.abs(sx - 330) > 30) stars.push(`<circle cx="${sx}" cy="${sy}" r="${random() < 0.3 ? 1.2 : 0.8}"/>`);
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 140" preserveAspectRatio="xMidYMax slice">',
    // A crescent (a disc with a second disc masked out), not a full disc: a plain circle reads as a button.
    '<defs><mask id="crescent"><rect width="400" height="140" fill="#fff"/>',
    '<circle cx="339" cy="28" r="14" fill="#000"/></mask></defs>',
    '<circle cx="330" cy="34" r="19" fill="#fff3b0" fill-opacity=".06"/>',
    '<circle cx="330" cy="34" r="15" fill="#ffe7a0" fill-opacity=".75" mask="url(#crescent)"/>',
    `<g fill="#fff3b0" fill-opacity=".5">${stars.join('')}</g>`,
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
