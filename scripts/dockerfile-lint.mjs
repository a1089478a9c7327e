// The Dockerfile checked by dockerfile-utils (the linter behind the Dockerfile language server): every
// diagnostic, error or warning, fails npm test.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'dockerfile-utils';
import { root } from './lib/project.mjs';

const file = join(root, 'deploy', 'Dockerfile');
const diagnostics = validate(readFileSync(file, 'utf8'));
for (const d of diagnostics) {
  console.error(`${file}:${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
}
if (diagnostics.length) process.exit(1);
console.log(`deploy/Dockerfile: no dockerfile-utils diagnostics`);
