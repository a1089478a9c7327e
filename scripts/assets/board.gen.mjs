// Board art: the SVG icons drawn by hand in assets/board/ (one per tile, one per achievement),
// checked and minified into client/public/generated/board/. Phaser rasterises them at load time
// at the size the board needs; the DOM uses them as plain <img>. Deterministic, no network.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GROUPS = ['tiles', 'achievements'];
/** The tile icons are also packed into one sheet, so the board loads and rasterises one file. */
export const SHEET_COLUMNS = 5;
const CELL = 64;
const FORBIDDEN = [
  /<script/i,
  /\son[a-z]+\s*=/i,
  /<text/i,
  /<image/i,
  /<foreignObject/i,
  /(?:xlink:)?href\s*=/i,
  /url\(/i,
];

/** @param {string} svg @param {string} file */
export function checkSvg(svg, file) {
  if (!/^<svg[\s>]/.test(svg.trim())) throw new Error(`${file}: must start with <svg>`);
  if (!/viewBox="0 0 64 64"/.test(svg)) throw new Error(`${file}: needs viewBox="0 0 64 64"`);
  if (!/xmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(svg)) throw new Error(`${file}: needs the SVG namespace`);
  for (const pattern of FORBIDDEN) {
    if (pattern.test(svg)) throw new Error(`${file}: ${pattern} is not allowed (self-contained shapes only)`);
  }
}

/** @param {string} svg */
export function minifySvg(svg) {
  return svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/>\s+</g, '><')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * One SVG holding every icon of a group in a grid of 64x64 cells, in the (sorted) order given.
 * @param {Array<{ name: string, svg: string }>} icons
 */
export function sheetSvg(icons) {
  const rows = Math.ceil(icons.length / SHEET_COLUMNS);
  const cells = icons.map(({ svg }, index) => {
    const x = (index % SHEET_COLUMNS) * CELL;
    const y = Math.floor(index / SHEET_COLUMNS) * CELL;
    return svg.replace(/^<svg /, `<svg x="${x}" y="${y}" width="${CELL}" height="${CELL}" `);
  });
  const width = SHEET_COLUMNS * CELL;
  const height = rows * CELL;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${cells.join('')}</svg>`;
}

/** @param {{ root: string, outRoot: string }} dirs */
export async function generate({ root, outRoot }) {
  const out = join(outRoot, 'board');
  rmSync(out, { recursive: true, force: true });
  const hash = createHash('sha256');
  /** @type {Record<string, string[]>} */
  const manifest = {};
  for (const group of GROUPS) {
    const source = join(root, 'assets', 'board', group);
    mkdirSync(join(out, group), { recursive: true });
    const files = readdirSync(source)
      .filter((f) => f.endsWith('.svg'))
      .sort();
    manifest[group] = [];
    /** @type {Array<{ name: string, svg: string }>} */
    const packed = [];
    for (const file of files) {
      const svg = readFileSync(join(source, file), 'utf8');
      checkSvg(svg, `${group}/${file}`);
      const min = minifySvg(svg);
      writeFileSync(join(out, group, file), `${min}\n`);
      hash.update(`${group}/${file}\n${min}\n`);
      manifest[group].push(file.replace(/\.svg$/, ''));
      packed.push({ name: file.replace(/\.svg$/, ''), svg: min });
    }
    if (group === 'tiles') writeFileSync(join(out, 'tiles-sheet.svg'), `${sheetSvg(packed)}\n`);
  }
  const version = hash.digest('hex').slice(0, 10);
  writeFileSync(join(out, 'manifest.json'), `${JSON.stringify({ version, ...manifest }, null, 2)}\n`);
}
