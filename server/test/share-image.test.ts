import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicPages, SHARE_IMAGE } from '@gogo/shared/messages';
import { isBuildCurrent } from '../../scripts/lib/project.mjs';
import { repoRoot } from '../src/paths.js';

interface Generator {
  generate(opts: { root: string; outRoot: string }): Promise<void>;
}

/** Decodes the PNGs our generator writes (8-bit RGB, filter Sub or None) into RGB bytes. */
function decode(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const len = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 2]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 3;
  const rgb = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    expect([0, 1]).toContain(filter);
    for (let i = 0; i < stride; i += 1) {
      const v = raw[y * (stride + 1) + 1 + i]!;
      const left = filter === 1 && i >= 3 ? rgb[y * stride + i - 3]! : 0;
      rgb[y * stride + i] = (v + left) & 0xff;
    }
  }
  return { width, height, rgb };
}

describe('share images (scripts/assets/share-image.gen.mjs)', () => {
  const out = mkdtempSync(join(tmpdir(), 'gogo-share-'));
  // What the same generator made in another run: the assets build's output when it is current (npm test
  // builds before the API tests), otherwise a second run here.
  const built = isBuildCurrent('assets') ? join(repoRoot, 'client', 'public', 'generated') : null;
  const again = built ?? mkdtempSync(join(tmpdir(), 'gogo-share-'));
  beforeAll(async () => {
    const gen = (await import(pathToFileURL(join(repoRoot, 'scripts/assets/share-image.gen.mjs')).href)) as Generator;
    await gen.generate({ root: repoRoot, outRoot: out });
    if (!built) await gen.generate({ root: repoRoot, outRoot: again });
  }, 60_000);
  afterAll(() => {
    rmSync(out, { recursive: true, force: true });
    if (!built) rmSync(again, { recursive: true, force: true });
  });

  it('writes exactly one image per public page, named as the metadata says', () => {
    const expected = Object.values(publicPages).map((p) => basename(p.image));
    expect(readdirSync(join(out, 'share')).sort()).toEqual([...expected].sort());
    for (const page of Object.values(publicPages)) expect(page.image.startsWith(`${SHARE_IMAGE.dir}/`)).toBe(true);
  });

  it.each(Object.values(publicPages).map((p) => [basename(p.image)]))(
    '%s is a 1200x630 picture, not a blank',
    (file) => {
      const { width, height, rgb } = decode(readFileSync(join(out, 'share', file)));
      expect([width, height]).toEqual([SHARE_IMAGE.width, SHARE_IMAGE.height]);
      const colours = new Set<number>();
      for (let i = 0; i < rgb.length; i += 3) colours.add((rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!);
      expect(colours.size).toBeGreaterThan(500);
      // The headline is gold (#ffcf5c) on the dark background.
      let gold = 0;
      for (let i = 0; i < rgb.length; i += 3)
        if (rgb[i] === 0xff && rgb[i + 1] === 0xcf && rgb[i + 2] === 0x5c) gold += 1;
      expect(gold).toBeGreaterThan(5000);
    },
  );

  it('is deterministic: the same bytes on every run', () => {
    expect(readdirSync(join(again, 'share')).sort()).toEqual(readdirSync(join(out, 'share')).sort());
    for (const file of readdirSync(join(out, 'share'))) {
      expect(readFileSync(join(again, 'share', file)).equals(readFileSync(join(out, 'share', file)))).toBe(true);
    }
  });
});
