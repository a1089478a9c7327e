// Builds the project's own art and audio: runs every scripts/assets/*.gen.mjs generator. Each one
// reads its sources from assets/ and writes into client/public/generated/<area>/. Deterministic
// output, no network.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const outRoot = join(root, 'client', 'public', 'generated');
mkdirSync(outRoot, { recursive: true });

const generators = readdirSync(here)
  .filter((f) => f.endsWith('.gen.mjs'))
  .sort();
for (const file of generators) {
  const mod = await import(pathToFileURL(join(here, file)).href);
  if (typeof mod.generate !== 'function') throw new Error(`${file} must export generate({ root, outRoot })`);
  await mod.generate({ root, outRoot });
}
writeFileSync(join(outRoot, '.stamp'), `${generators.join('\n')}\n`);
