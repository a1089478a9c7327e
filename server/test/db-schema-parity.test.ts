import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { SqliteDatabase } from '../src/db/client.js';
import { createTestDatabase, testDatabaseUrl, type TestDatabase } from './test-databases.js';

/**
 * The two engines' migrated schemas must describe the same database: tables, columns (name,
 * nullability) and indexes (name, columns in order, unique, partial). Primary keys are compared as
 * columns; their indexes are named differently by each engine. An index on an expression shows as
 * "(expr)". SQLite is introspected always, PostgreSQL when TEST_DATABASE_URL is set.
 */
interface Shape {
  tables: Record<string, { columns: string[]; indexes: string[] }>;
}

const col = (name: string, nullable: boolean) => `${name}${nullable ? ' NULL' : ''}`;
const idx = (name: string, columns: Array<string | null>, unique: boolean, partial: boolean) =>
  `${name} (${columns.map((c) => c ?? '(expr)').join(', ')})${unique ? ' UNIQUE' : ''}${partial ? ' PARTIAL' : ''}`;

function sqliteShape(database: SqliteDatabase): Shape {
  const connection = database.sqlite;
  const shape: Shape = { tables: {} };
  const tables = connection
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'",
    )
    .all() as Array<{ name: string }>;
  for (const { name } of tables) {
    const columns = connection.pragma(`table_info("${name}")`) as Array<{ name: string; notnull: number; pk: number }>;
    const indexes = connection.pragma(`index_list("${name}")`) as Array<{
      name: string;
      unique: number;
      origin: string;
      partial: number;
    }>;
    shape.tables[name] = {
      // A PRIMARY KEY column is NOT NULL on PostgreSQL; SQLite's pragma reports only the declared flag.
      columns: columns.map((c) => col(c.name, c.notnull === 0 && c.pk === 0)).sort(),
      indexes: indexes
        .filter((i) => i.origin !== 'pk')
        .map((i) => {
          const keys = connection.pragma(`index_info("${i.name}")`) as Array<{ name: string | null }>;
          return idx(
            i.name,
            keys.map((k) => k.name),
            i.unique === 1,
            i.partial === 1,
          );
        })
        .sort(),
    };
  }
  return shape;
}

async function postgresShape(client: pg.Client): Promise<Shape> {
  const shape: Shape = { tables: {} };
  const tables = await client.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  for (const { name } of tables.rows) {
    const columns = await client.query<{ name: string; nullable: string }>(
      `SELECT column_name AS name, is_nullable AS nullable FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1`,
      [name],
    );
    const indexes = await client.query<{
      name: string;
      unique: boolean;
      partial: boolean;
      columns: Array<string | null>;
    }>(
      `SELECT i.relname AS name, x.indisunique AS unique, x.indpred IS NOT NULL AS partial,
         array(SELECT a.attname::text FROM unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
               LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum
               ORDER BY k.ord) AS columns
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       WHERE n.nspname = 'public' AND t.relname = $1 AND NOT x.indisprimary`,
      [name],
    );
    shape.tables[name] = {
      columns: columns.rows.map((c) => col(c.name, c.nullable === 'YES')).sort(),
      indexes: indexes.rows.map((i) => idx(i.name, i.columns, i.unique, i.partial)).sort(),
    };
  }
  return shape;
}

describe('schema parity of SQLite and PostgreSQL', () => {
  let sqlite: TestDatabase;
  beforeAll(async () => {
    sqlite = await createTestDatabase('sqlite');
  });
  afterAll(async () => sqlite.close());

  it('introspects the migrated SQLite schema (tables, columns, indexes)', () => {
    const shape = sqliteShape(sqlite.database as SqliteDatabase);
    expect(shape.tables.users?.indexes).toContain('users_username_lower_unique ((expr)) UNIQUE');
    expect(shape.tables.rolls?.indexes).toContain('rolls_user_request (user_id, request_id) UNIQUE PARTIAL');
    expect(shape.tables.users?.columns).toContain('last_seen NULL');
    expect(shape.tables.users?.columns).toContain('email');
  });

  it.runIf(testDatabaseUrl)('PostgreSQL has the same tables, columns and indexes', async () => {
    const postgres = await createTestDatabase('postgres');
    const client = new pg.Client({ connectionString: postgres.url! });
    await client.connect();
    try {
      const expected = sqliteShape(sqlite.database as SqliteDatabase);
      const actual = await postgresShape(client);
      expect(Object.keys(actual.tables).sort()).toEqual(Object.keys(expected.tables).sort());
      for (const table of Object.keys(expected.tables)) {
        expect({ table, ...actual.tables[table] }).toEqual({ table, ...expected.tables[table] });
      }
    } finally {
      await client.end();
      await postgres.close();
    }
  });
});
