import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { getTableConfig as sqliteConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig as pgConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as sqlite from '../src/db/schema/sqlite.js';
import * as postgres from '../src/db/schema/postgres.js';
import { tables } from '../src/db/schema/index.js';

/**
 * The tables are described once (db/schema) and built for each engine. Both engines' tables must
 * describe the same database, and the committed migrations must be what drizzle-kit generates from
 * the description today (a changed description without its migrations fails here).
 */
type Config = ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>;

function shape(config: Config) {
  return {
    name: config.name,
    columns: config.columns.map((c) => ({
      name: c.name,
      notNull: c.notNull,
      primary: c.primary,
      default: typeof c.default === 'boolean' ? Number(c.default) : (c.default as unknown),
      enum: c.enumValues ?? null,
    })),
    primaryKeys: config.primaryKeys.map((k) => k.columns.map((c) => c.name)),
    indexes: config.indexes
      .map((i) => ({
        name: i.config.name,
        unique: i.config.unique,
        partial: i.config.where !== undefined,
        columns: i.config.columns.map((c) => ('name' in c && typeof c.name === 'string' ? c.name : '(expr)')),
      }))
      .sort((a, b) => a.name!.localeCompare(b.name!)),
    foreignKeys: config.foreignKeys.map((fk) => {
      const ref = fk.reference();
      return {
        columns: ref.columns.map((c) => c.name),
        target: ref.foreignColumns.map((c) => c.name),
        onDelete: fk.onDelete ?? 'no action',
      };
    }),
    checks: config.checks.map((c) => c.name),
  };
}

describe('the schema described once', () => {
  it('builds every described table for both engines, with the same columns, keys, indexes and checks', () => {
    const keys = Object.keys(tables);
    // Partial on PostgreSQL only (IndexSpec.pgWhere): SQLite indexes every row.
    const pgOnlyPartial = new Set(
      Object.values(tables).flatMap((t) => (t.indexes ?? []).filter((i) => i.pgWhere).map((i) => i.name)),
    );
    // Foreign keys enforced on SQLite only (ColumnSpec.references.sqliteOnly), by their columns.
    const sqliteOnlyKeys = new Set(
      Object.values(tables).flatMap((t) =>
        Object.values(t.columns)
          .filter((c) => c.spec.references?.sqliteOnly)
          .map((c) => `${t.name}.${c.spec.name}`),
      ),
    );
    expect(sqliteOnlyKeys).toEqual(new Set(['ledger_entries.user_id', 'rolls.seed_id', 'rolls.user_id']));
    expect(Object.keys(sqlite).sort()).toEqual([...keys].sort());
    expect(Object.keys(postgres).sort()).toEqual([...keys].sort());
    for (const key of keys) {
      const a = shape(sqliteConfig(sqlite[key as keyof typeof sqlite] as SQLiteTable));
      const b = shape(pgConfig(postgres[key as keyof typeof postgres] as PgTable));
      const indexes = b.indexes.map((i) => (pgOnlyPartial.has(i.name!) ? { ...i, partial: false } : i));
      const foreignKeys = a.foreignKeys.filter((fk) => !sqliteOnlyKeys.has(`${a.name}.${fk.columns.join()}`));
      expect({ ...b, indexes }).toEqual({ ...a, foreignKeys });
      expect(a.columns.length).toBeGreaterThan(0);
    }
    // Spot checks that the shape above sees what it compares.
    const users = shape(sqliteConfig(sqlite.users));
    expect(users.indexes.find((i) => i.name === 'users_username_lower_unique')).toMatchObject({
      unique: true,
      columns: ['(expr)'],
    });
    expect(shape(pgConfig(postgres.rolls)).indexes.find((i) => i.name === 'rolls_user_request')).toMatchObject({
      unique: true,
      partial: true,
    });
    const ledgerTime = (config: Config) => shape(config).indexes.find((i) => i.name === 'ledger_time');
    expect(ledgerTime(pgConfig(postgres.ledgerEntries))).toMatchObject({ partial: true });
    expect(ledgerTime(sqliteConfig(sqlite.ledgerEntries))).toMatchObject({ partial: false });
  });

  it(
    'has its committed migrations up to date on both engines (drizzle-kit generates nothing)',
    { timeout: 120_000 },
    async () => {
      const root = join(import.meta.dirname, '..', '..');
      const work = mkdtempSync(join(tmpdir(), 'gogo-schema-'));
      try {
        for (const [dialect, schema, out] of [
          ['sqlite', 'server/src/db/schema/sqlite.ts', 'server/drizzle'],
          ['postgresql', 'server/src/db/schema/postgres.ts', 'server/drizzle-pg'],
        ] as const) {
          const copy = join(work, dialect);
          cpSync(join(root, out), copy, { recursive: true });
          const before = readdirSync(copy).sort();
          const { stdout, stderr } = await promisify(execFile)(
            join(root, 'node_modules', '.bin', 'drizzle-kit'),
            ['generate', `--dialect=${dialect}`, `--schema=${schema}`, `--out=${relative(root, copy)}`],
            { cwd: root },
          );
          expect(stdout + stderr, dialect).toContain('No schema changes');
          expect(readdirSync(copy).sort()).toEqual(before);
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
});
