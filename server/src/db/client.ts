import { openSqlite, type SqliteDatabase, type SqliteOptions } from './sqlite.js';
import { openPostgres, type PostgresOptions } from './postgres.js';
import type { Database } from './database.js';

export type { Database } from './database.js';
export type { SqliteDatabase } from './sqlite.js';
export type { PostgresDatabase } from './postgres.js';
export type { Queryable, Tx } from './sql.js';

export type OpenOptions = SqliteOptions;

/** Opens the embedded SQLite database (migrated). */
export function openDatabase(file: string, options: OpenOptions = {}): SqliteDatabase {
  return openSqlite(file, options);
}

export interface ConnectOptions extends SqliteOptions, PostgresOptions {
  /** postgres://… selects PostgreSQL; unset or empty, SQLite in `file`. */
  url?: string | null;
  file: string;
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else SQLite. */
export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  return openSqlite(options.file, options);
}
