import { join } from 'node:path';
import { isBuildCurrent } from '../../scripts/lib/project.mjs';
import { repoRoot } from '../src/paths.js';

/**
 * Node's arguments for a test that starts the real server process: the built bundle, as `npm run
 * serve` runs it, when it was built from the sources as they are now (npm test builds before the API
 * tests); otherwise the sources through tsx, the same code at about three times the start-up CPU
 * (docs/benchmarks.md#debian-packages-axe-and-real-server-starts-adr-0870).
 */
export function serverEntry(): string[] {
  return isBuildCurrent('server')
    ? [join(repoRoot, 'server', 'dist', 'server.js')]
    : ['--import', 'tsx', join(repoRoot, 'server', 'src', 'server.ts')];
}
