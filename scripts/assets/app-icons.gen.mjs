// The installable app's icons: the favicon's die (client/public/favicon.svg) drawn as
// opaque PNG squares, 4x4 supersampled, encoded with the share-image PNG encoder. Output:
// client/public/generated/icons/*.png, listed in the web app manifest (client/vite.config.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodePng } from './share-image.gen.mjs';

/** @type {[number, number, number]} */
const BG = [0x0b, 0x10, 0x20];
/** @type {[number, number, number]} */
const DIE = [0xf7, 0xb7, 0x31];
const SS = 4;

/** Maskable icons keep the die inside the 80% safe circle; the others fill more of the square. */
export const icons = [
  { file: 'icon-192.png', size: 192, die: 0.72 },
  { file: 'icon-512.png', size: 512, die: 0.72 },
  { file: 'icon-maskable-512.png', size: 512, die: 0.5 },
  { file: 'apple-touch-icon-180.png', size: 180, die: 0.66 },
];

/** @param {number} px @param {number} py @param {number} x @param {number} y @param {number} w @param {number} r */
function inRoundSquare(px, py, x, y, w, r) {
  if (px < x || py < y || px > x + w || py > y + w) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + w - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** @param {number} size @param {number} dieShare */
export function drawIcon(size, dieShare) {
  const rgb = Buffer.alloc(size * size * 3);
  const w = size * dieShare;
  const x0 = (size - w) / 2;
  const pipR = w * 0.11;
  /** @type {[number, number][]} */
  const pips = [0.27, 0.5, 0.73].map((t) => [x0 + t * w, x0 + t * w]);
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      /** @type {[number, number, number]} */
      const sum = [0, 0, 0];
      for (let sy = 0; sy < SS; sy += 1) {
        for (let sx = 0; sx < SS; sx += 1) {
          const px = x + (sx + 0.5) / SS;
          const py = y + (sy + 0.5) / SS;
          let c = BG;
          if (inRoundSquare(px, py, x0, x0, w, w * 0.22)) {
            c = pips.some(([cx, cy]) => (px - cx) ** 2 + (py - cy) ** 2 <= pipR * pipR) ? BG : DIE;
          }
          sum[0] += c[0];
          sum[1] += c[1];
          sum[2] += c[2];
        }
      }
      const o = (y * size + x) * 3;
      rgb[o] = Math.round(sum[0] / (SS * SS));
      rgb[o + 1] = Math.round(sum[1] / (SS * SS));
      rgb[o + 2] = Math.round(sum[2] / (SS * SS));
    }
  }
  return rgb;
}

/** @param {{ root: string, outRoot: string }} opts */
export async function generate({ outRoot }) {
  const dir = join(outRoot, 'icons');
  mkdirSync(dir, { recursive: true });
  for (const icon of icons) {
    const png = encodePng(icon.size, icon.size, drawIcon(icon.size, icon.die));
    const file = join(dir, icon.file);
    if (existsSync(file) && readFileSync(file).equals(png)) continue;
    writeFileSync(file, png);
  }
}
