// The API contract checked by a tool no one here wrote: the OpenAPI document that the server serves
// (server/src/cli/openapi.ts) is linted with Stoplight Spectral's `spectral:oas` rules (.spectral.yaml);
// any error or warning fails. Run by npm test; alone: node scripts/api-lint.mjs
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/project.mjs';

// Inside the project: Spectral resolves the ruleset's `overrides` globs from the ruleset's folder.
const dir = join(root, 'test-results', 'api-lint');
mkdirSync(dir, { recursive: true });
const file = join(dir, 'openapi.json');
try {
  const built = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server/src/cli/openapi.ts'), file], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
  const spectral = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'spectral.cmd' : 'spectral');
  const linted = spawnSync(
    spectral,
    ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity', 'warn', '--display-only-failures'],
    { cwd: root, stdio: 'inherit' },
  );
  process.exitCode = linted.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
