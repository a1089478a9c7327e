// Pre-compresses the built client (brotli and gzip) so the server sends the smallest encoding the
// browser accepts without compressing on every request. The Phaser chunk goes from ~1.4 MB to ~0.35 MB.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { root } from './lib/project.mjs';

const dist = join(root, 'client', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wav|webmanifest)$/;

/** @param {string} dir */
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(entry.name) && statSync(path).size >= 1024) {
      const data = readFileSync(path);
      writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
      writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    }
  }
}
walk(dist);
