import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir, pgMigrationsDir } from '../paths.js';
import type { Database } from './database.js';
import { isUnavailable } from './errors.js';
import { sql, type Engine } from './sql.js';

/**
 * Where the database's schema stands against the migrations this code ships (the drizzle journal of
 * its engine). Drizzle applies a migration when it is newer (its journal `when`) than the newest one
 * the database recorded: those are pending. A recorded migration newer than the newest this code
 * knows means a later release migrated the database: the schema is ahead of the code.
 */
export interface SchemaState {
  /** Migrations this code ships. */
  known: number;
  /** Migrations the database recorded. */
  applied: number;
  /** Migrations of this code not applied yet. */
  pending: number;
  /** Migrations the database recorded that are newer than any this code ships. */
  ahead: number;
}

interface JournalEntry {
  when: number;
  tag: string;
}

const journals = new Map<string, JournalEntry[]>();

/** The journal of a migrations folder (read once per process: it ships with the code). */
export function journalOf(folder: string): JournalEntry[] {
  let entries = journals.get(folder);
  if (entries === undefined) {
    const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
      entries: JournalEntry[];
    };
    entries = journal.entries;
    journals.set(folder, entries);
  }
  return entries;
}

export const migrationsFolderOf = (engine: Engine): string => (engine === 'postgres' ? pgMigrationsDir : migrationsDir);

const recorded = sql<{ last: number }, { n: number; newest: number | null; ahead: number | null }>({
  sqlite: `SELECT count(*) AS n, max(created_at) AS newest,
     sum(CASE WHEN created_at > :last THEN 1 ELSE 0 END) AS ahead FROM __drizzle_migrations`,
  postgres: `SELECT count(*) AS n, max(created_at) AS newest,
     count(*) FILTER (WHERE created_at > :last) AS ahead FROM drizzle.__drizzle_migrations`,
});

/**
 * Reads the schema's state. A database that cannot be reached throws (DatabaseUnavailableError or the
 * driver's error); one without the migrations table has every migration pending.
 */
export async function schemaState(
  database: Database,
  folder = migrationsFolderOf(database.engine),
): Promise<SchemaState> {
  const journal = journalOf(folder);
  const last = journal.reduce((max, entry) => Math.max(max, entry.when), 0);
  let row: { n: number; newest: number | null; ahead: number | null } | undefined;
  try {
    row = await database.read.get(recorded, { last });
  } catch (err) {
    if (isUnavailable(err)) throw err;
    row = undefined; // no migrations table yet: nothing applied
  }
  const newest = row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
  return {
    known: journal.length,
    applied: Number(row?.n ?? 0),
    pending: journal.filter((entry) => newest === null || entry.when > newest).length,
    ahead: Number(row?.ahead ?? 0),
  };
}
