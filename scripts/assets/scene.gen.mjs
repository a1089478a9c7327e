// The scenes behind the /game board, one per board, each drawn as one SVG from a seeded generator
// (the same bytes on every machine, no network):
// - skyline.svg (board 1, the city): a night skyline with lit windows, a crescent moon and stars;
// - harbour.svg (board 2): a quay at dusk, a lighthouse and its beam, cranes, moored boats, water;
// - heights.svg (board 3): spires on floating islands, a ringed planet, a glowing grid, many stars.
// Output: client/public/generated/scene/, used by client/src/features/game/GamePage.css.
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

/** Board 2: the harbour at dusk. */
export function harbourSvg(seed = 23) {
  const random = seededRandom(seed);
  const sheds = [];
  const lights = [];
  for (let x = 96; x < 400;) {
    const w = 26 + Math.floor(random() * 22);
    const h = 14 + Math.floor(random() * 16);
    sheds.push(`<rect x="${x}" y="${112 - h}" width="${w - 4}" height="${h}"/>`);
    sheds.push(`<path d="M${x - 2} ${112 - h}L${x + (w - 4) / 2} ${104 - h}L${x + w - 2} ${112 - h}Z"/>`);
    if (random() < 0.6) lights.push(`<rect x="${x + 5}" y="${118 - h}" width="4" height="3"/>`);
    x += w + Math.floor(random() * 18);
  }
  const cranes = [150, 262, 350].map(
    (x) => `<path d="M${x} 112V52h3v60zM${x - 22} 52h52v3h-52zM${x + 24} 55v18h1V55z"/>`,
  );
  const boats = [];
  for (let i = 0; i < 5; i += 1) {
    const x = 30 + Math.floor(random() * 340);
    const w = 16 + Math.floor(random() * 14);
    boats.push(
      `<path d="M${x} 117h${w}l-4 6h-${w - 8}z"/>`,
      `<rect x="${x + w / 2 - 1}" y="104" width="1.5" height="13"/>`,
    );
  }
  const waves = [];
  for (let y = 120; y < 140; y += 5) {
    for (let x = Math.floor(random() * 20); x < 400; x += 26 + Math.floor(random() * 20)) {
      waves.push(`<path d="M${x} ${y}q5 -3 10 0t10 0"/>`);
    }
  }
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 140" preserveAspectRatio="xMidYMax slice">',
    // A low sun over the water, and the lighthouse's beam across the sky.
    '<circle cx="300" cy="112" r="24" fill="#ffb36b" fill-opacity=".14"/>',
    '<path d="M52 30L400 6v34z" fill="#fff3b0" fill-opacity=".05"/>',
    `<g fill="#2fb5a8" fill-opacity=".2">${sheds.join('')}${cranes.join('')}</g>`,
    // The lighthouse on its rock: a striped tower, its lantern lit.
    '<path d="M30 112l10-8h26l10 8z" fill="#2fb5a8" fill-opacity=".25"/>',
    '<path d="M44 104l3-70h12l3 70z" fill="#e8f1f2" fill-opacity=".22"/>',
    '<path d="M45.3 74h15.4l.5 8H44.8zM46.4 50h13.2l.4 8H46z" fill="#e0524f" fill-opacity=".3"/>',
    '<rect x="46" y="26" width="14" height="8" fill="#ffd76a" fill-opacity=".7"/>',
    '<path d="M44 26h18l-9-8z" fill="#2fb5a8" fill-opacity=".35"/>',
    `<g fill="#ffd76a" fill-opacity=".4">${lights.join('')}</g>`,
    '<rect y="112" width="400" height="28" fill="#1e9488" fill-opacity=".12"/>',
    `<g fill="#b5c9cc" fill-opacity=".22">${boats.join('')}</g>`,
    `<g fill="none" stroke="#8fe3da" stroke-opacity=".2" stroke-width="1.2">${waves.join('')}</g>`,
    '</svg>\n',
  ].join('');
}

/** Board 3: the metaverse heights. */
export function heightsSvg(seed = 24) {
  const random = seededRandom(seed);
  const islands = [];
  const spires = [];
  const windows = [];
  /** @type {Array<[number, number, number]>} the islands: centre x, top y, width */
  const places = [
    [70, 92, 90],
    [215, 74, 70],
    [335, 100, 80],
  ];
  for (const [cx, cy, w] of places) {
    islands.push(`<path d="M${cx - w / 2} ${cy}h${w}l-${w * 0.3} 16h-${w * 0.4}z"/>`);
    for (let x = cx - w / 2 + 6; x < cx + w / 2 - 10; x += 12 + Math.floor(random() * 6)) {
      const h = 16 + Math.floor(random() * 40);
      spires.push(`<path d="M${x} ${cy}v-${h}l4 -8 4 8v${h}z"/>`);
      for (let wy = cy - h + 4; wy < cy - 4; wy += 7) {
        if (random() < 0.35) windows.push(`<rect x="${x + 3}" y="${wy}" width="2" height="3"/>`);
      }
    }
  }
  const stars = [];
  for (let i = 0; i < 26; i += 1) {
    stars.push(
      `<circle cx="${4 + Math.floor(random() * 392)}" cy="${4 + Math.floor(random() * 60)}" r="${random() < 0.25 ? 1.2 : 0.7}"/>`,
    );
  }
  // A grid that runs to the horizon: horizontal lines closer together as they recede.
  const grid = [];
  for (let i = 0; i < 6; i += 1) grid.push(`<path d="M0 ${124 + i * i * 0.8 + i * 2}h400"/>`);
  for (let x = -200; x <= 600; x += 50) grid.push(`<path d="M200 122L${x} 140"/>`);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 140" preserveAspectRatio="xMidYMax slice">',
    `<g fill="#e9e4ff" fill-opacity=".5">${stars.join('')}</g>`,
    // A ringed planet.
    '<circle cx="318" cy="30" r="13" fill="#b07cff" fill-opacity=".35"/>',
    '<ellipse cx="318" cy="31" rx="24" ry="4.5" fill="none" stroke="#ffd76a" stroke-opacity=".45" stroke-width="1.5"/>',
    `<g fill="#b07cff" fill-opacity=".2">${islands.join('')}${spires.join('')}</g>`,
    `<g fill="#7df9ff" fill-opacity=".45">${windows.join('')}</g>`,
    `<g fill="none" stroke="#b07cff" stroke-opacity=".22" stroke-width="1">${grid.join('')}</g>`,
    '</svg>\n',
  ].join('');
}

/** @param {{ outRoot: string }} options */
export function generate({ outRoot }) {
  const dir = join(outRoot, 'scene');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'skyline.svg'), skylineSvg());
  writeFileSync(join(dir, 'harbour.svg'), harbourSvg());
  writeFileSync(join(dir, 'heights.svg'), heightsSvg());
}
