// npm run test:pg [-- vitest files or filters]: the server's API tests on a throwaway PostgreSQL 15
// cluster (scripts/lib/postgres.mjs), which is stopped and removed at the end, even on failure.
// `npm run test:pg -- server/test/db-statements.test.ts` runs one file.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { log, root, run } from './lib/project.mjs';
import { startPostgres } from './lib/postgres.mjs';

/**
 * Runs the server Vitest project with TEST_DATABASE_URL set to a fresh cluster.
 * @param {string[]} [args] extra Vitest arguments (files, -t filters)
 */
export async function runServerTestsOnPostgres(args = []) {
  const cluster = await startPostgres({ log });
  try {
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    // Each test waits on PostgreSQL's round trips: twice as many workers as cores keep the CPU busy.
    const workers = `--maxWorkers=${availableParallelism() * 2}`;
    run(process.execPath, [vitest, 'run', '--project', 'server', workers, ...args], {
      TEST_DATABASE_URL: cluster.url,
    });
  } finally {
    cluster.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await runServerTestsOnPostgres(process.argv.slice(2));
  } catch (err) {
    console.error(`\n✗ ${/** @type {Error} */ (err).message}`);
    process.exit(/** @type {any} */ (err).exitCode || 1);
  }
}
