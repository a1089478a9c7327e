// npm run test:pg [-- vitest files or filters]: the server's API tests on a throwaway PostgreSQL 15
// cluster (scripts/lib/postgres.mjs), which is stopped and removed at the end, even on failure.
// `npm run test:pg -- server/test/db-statements.test.ts` runs one file; `npm run test:pg -- --pgbouncer
// server/test/game.test.ts` runs it through PgBouncer (transaction mode) only.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { log, root, run } from './lib/project.mjs';
import { startPgBouncer } from './lib/pgbouncer.mjs';
import { startPostgres } from './lib/postgres.mjs';

/**
 * The API test files that run a second time through PgBouncer in transaction mode: every statement
 * prepared on both engines, the roll, money, events and the realtime bus (its LISTEN past PgBouncer).
 * A subset: the others' SQL is the same, and the whole suite twice would double the PostgreSQL run.
 */
export const PGBOUNCER_TEST_FILES = [
  'server/test/db-statements.test.ts',
  'server/test/db-layer.test.ts',
  'server/test/game.test.ts',
  'server/test/credits-withdrawals.test.ts',
  'server/test/events.test.ts',
  'server/test/realtime-events.test.ts',
];

/**
 * Runs the server Vitest project with TEST_DATABASE_URL set to a fresh cluster (the read-replica
 * test starts a streaming replica of it for its own run: pg_basebackup -R); then (unless files
 * were named, or `pgbouncer` is false) PGBOUNCER_TEST_FILES again with the apps' connections through
 * PgBouncer (TEST_DATABASE_POOLER_URL).
 * @param {string[]} [args] extra Vitest arguments (files, -t filters)
 * @param {{ pgbouncer?: boolean }} [options]
 */
export async function runServerTestsOnPostgres(args = [], { pgbouncer = args.length === 0 } = {}) {
  const cluster = await startPostgres({ log });
  /** @type {import('./lib/pgbouncer.mjs').Bouncer | null} */
  let bouncer = null;
  try {
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    // Each test waits on PostgreSQL's round trips: twice as many workers as cores keep the CPU busy.
    const workers = `--maxWorkers=${availableParallelism() * 2}`;
    run(process.execPath, [vitest, 'run', '--project', 'server', workers, ...args], {
      TEST_DATABASE_URL: cluster.url,
    });
    if (pgbouncer) {
      bouncer = await startPgBouncer(cluster, { log });
      log(`The same through PgBouncer: ${PGBOUNCER_TEST_FILES.length} files`);
      run(process.execPath, [vitest, 'run', '--project', 'server', workers, ...PGBOUNCER_TEST_FILES], {
        TEST_DATABASE_URL: cluster.url,
        TEST_DATABASE_POOLER_URL: bouncer.url,
      });
    }
  } finally {
    bouncer?.stop();
    cluster.stop();
  }
}

/**
 * The named files (or PGBOUNCER_TEST_FILES) through PgBouncer only.
 * @param {string[]} args
 */
async function runThroughPgBouncer(args) {
  const cluster = await startPostgres({ log });
  /** @type {import('./lib/pgbouncer.mjs').Bouncer | null} */
  let bouncer = null;
  try {
    bouncer = await startPgBouncer(cluster, { log });
    const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
    const files = args.length > 0 ? args : PGBOUNCER_TEST_FILES;
    run(
      process.execPath,
      [vitest, 'run', '--project', 'server', `--maxWorkers=${availableParallelism() * 2}`, ...files],
      {
        TEST_DATABASE_URL: cluster.url,
        TEST_DATABASE_POOLER_URL: bouncer.url,
      },
    );
  } finally {
    bouncer?.stop();
    cluster.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    const args = process.argv.slice(2);
    if (args.includes('--pgbouncer')) await runThroughPgBouncer(args.filter((arg) => arg !== '--pgbouncer'));
    else await runServerTestsOnPostgres(args);
  } catch (err) {
    console.error(`\n✗ ${/** @type {Error} */ (err).message}`);
    process.exit(/** @type {any} */ (err).exitCode || 1);
  }
}
