import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { ENGINE_FREE_TEST_FILES } from './server/test/engine-free';

// Phaser's source modules, for the board's trimmed build (client/src/game/engine, client/vite.config.ts).
const phaserSource = join(dirname(createRequire(import.meta.url).resolve('phaser/package.json')), 'src');

/**
 * Vitest's order (slowest first by its cache, else largest first) with the shared project's files in
 * front: its property runs take the longest of all unit files yet are small files, so in a fresh clone
 * (no cache) they started last and ran on alone after every client file had finished.
 */
class SharedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const shared = (file: TestSpecification) => (file.project.name === 'shared' ? 0 : 1);
    // Array.prototype.sort is stable: within each group Vitest's order stands.
    return sorted.sort((a, b) => shared(a) - shared(b));
  }
}

// One runner, three projects: pure rules (shared), API through app.inject (server), UI units (client).
export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (cores - 1 workers: one worker on a 2-core machine); API tests
    // also wait on timers and sockets, so one worker more than cores keeps every core busy.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SharedFirst },
    projects: [
      {
        // Property tests run thousands of rolls: give them room on a loaded 2-core machine.
        test: {
          name: 'shared',
          include: ['shared/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          // On PostgreSQL (scripts/test-pg.mjs) only the files that use a test database: the others
          // would repeat the SQLite run.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? ENGINE_FREE_TEST_FILES.map((file) => `server/test/${file}`) : []),
          ],
          environment: 'node',
          // API tests hash passwords with argon2id: give them room on a 2-core machine. The suite runs
          // argon2id at its smallest cost (server/src/lib/passwords.ts); config-ops.test.ts checks the
          // production cost.
          env: { GOGO_FAST_PASSWORD_HASH: '1' },
          // Files share a worker's module graph: importing the server once per worker rather than once
          // per file halves the suite's CPU. Every test builds its own app on its own database, so no
          // state rides along; db-statements.test.ts takes a fresh graph for the server's statements.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'client',
          include: ['client/src/**/*.test.{ts,tsx}'],
          // Most client units are pure; the few that need a DOM say so with `@vitest-environment jsdom`
          // (building a jsdom per file cost more CPU than the tests themselves).
          environment: 'node',
          // Files share a worker's module graph (React, the kit, the API client are imported once per
          // worker, not once per file): a quarter less CPU. Module state (the session, settings, the renderer's
          // probe) then carries over between a worker's files: no client unit test imports those modules.
          isolate: false,
          // The source scans (no hand-written routes, no citations) read every client file: on a loaded
          // 2-core machine, beside the build and the type checks, that took over Vitest's default 5 s.
          testTimeout: 30_000,
        },
        resolve: { alias: [{ find: /^phaser-src\//, replacement: `${phaserSource}/` }] },
      },
    ],
  },
});
