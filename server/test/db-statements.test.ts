import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import type { SqliteDatabase } from '../src/db/client.js';
import type { Statement } from '../src/db/sql.js';
import { createTestDatabase, testEngines, type TestDatabase } from './test-databases.js';

/**
 * Every statement the server defines must prepare on every engine: this catches syntax one engine
 * refuses, unknown tables or columns, and (PostgreSQL) parameters whose type cannot be inferred.
 * SQLite always; PostgreSQL when TEST_DATABASE_URL is set (npm run test:pg).
 */
/**
 * The server's statements, and only those: a fresh module graph (test files share one when Vitest runs
 * without isolation, and their own helper statements are no business of this check). Importing the
 * app defines every module's statements, which are defined at module level.
 */
async function serverStatements(): Promise<readonly Statement<Record<string, unknown>, unknown>[]> {
  vi.resetModules();
  const { definedStatements } = await import('../src/db/sql.js');
  await import('../src/app.js');
  await import('../src/modules/ledger/postings.js');
  return definedStatements;
}

describe.each(testEngines)('every defined statement prepares on %s', (engine) => {
  let test: TestDatabase;
  let definedStatements: Awaited<ReturnType<typeof serverStatements>>;
  beforeAll(async () => {
    definedStatements = await serverStatements();
    test = await createTestDatabase(engine);
  });
  afterAll(async () => test.close());

  it('prepares each one', async () => {
    expect(definedStatements.length).toBeGreaterThan(0);
    const failures: string[] = [];
    if (engine === 'sqlite') {
      const connection = (test.database as SqliteDatabase).sqlite;
      for (const statement of definedStatements) {
        try {
          connection.prepare(statement.text.sqlite);
        } catch (err) {
          failures.push(`${statement.name}: ${(err as Error).message}\n  ${statement.text.sqlite}`);
        }
      }
    } else {
      const client = new pg.Client({ connectionString: test.url! });
      await client.connect();
      try {
        for (const statement of definedStatements) {
          try {
            await client.query(`PREPARE gogo_check AS ${statement.text.postgres}`);
            await client.query('DEALLOCATE gogo_check');
          } catch (err) {
            failures.push(`${statement.name}: ${(err as Error).message}\n  ${statement.text.postgres}`);
          }
        }
      } finally {
        await client.end();
      }
    }
    expect(failures).toEqual([]);
  });
});
