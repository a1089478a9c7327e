/**
 * Server test files that open no database of the engine under test: pure rules, settings, the build,
 * the SQLite file itself, and server processes started on SQLite. The PostgreSQL run
 * (scripts/test-pg.mjs, TEST_DATABASE_URL set) leaves them out, since running them there would repeat
 * the SQLite run exactly; engine-free.test.ts fails when one of them starts using a test database.
 */
export const ENGINE_FREE_TEST_FILES = [
  'client-floors.test.ts',
  'config-ops.test.ts',
  'architecture-owners.test.ts',
  'credits-migration-0006.test.ts',
  'db-schema.test.ts',
  'db.test.ts',
  'engine-free.test.ts',
  'fairness-drawer.test.ts',
  'fairness-migration-0019.test.ts',
  'no-citations.test.ts',
  'process.test.ts',
  'recent-moves.test.ts',
  'share-image.test.ts',
  'socket-pushes.test.ts',
  'spa.test.ts',
  'sqlite-durability.test.ts',
  'sqlite-group-commit.test.ts',
  'startup.test.ts',
  'test-clock.test.ts',
  'user-privacy.test.ts',
  'vocabularies.test.ts',
];
