import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_FREE_TEST_FILES } from './engine-free.js';

/** What a test uses to reach the database of the engine under test (SQLite or PostgreSQL). */
const DATABASE_USE = [
  'buildApp',
  'createTestApp',
  'adminTestApp',
  'createTestDatabase',
  'createPostgresTestDatabase',
  'connectDatabase',
  'testDatabaseUrl',
  'testEngines',
  'TEST_DATABASE_URL',
  "from './helpers.js'",
  "from './test-databases.js'",
  "from './instances.js'",
];

describe('test files left out of the PostgreSQL run', () => {
  it('exist and reach no test database, so the SQLite run proves for them what a PostgreSQL run would', () => {
    const here = import.meta.dirname;
    const files = new Set(readdirSync(here));
    for (const file of ENGINE_FREE_TEST_FILES) {
      expect(files.has(file), file).toBe(true);
      if (file === 'engine-free.test.ts') continue;
      const source = readFileSync(join(here, file), 'utf8');
      for (const use of DATABASE_USE) expect(source.includes(use), `${file} uses ${use}`).toBe(false);
    }
  });
});
