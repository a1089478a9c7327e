import { createHash } from 'node:crypto';
import {
  accessSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { connectDatabase, openDatabase, type Database, type SqliteDatabase } from '../src/db/client.js';
import { migrationsDir, pgMigrationsDir } from '../src/paths.js';

/**
 * Test databases on either engine. Without TEST_DATABASE_URL: a temporary SQLite file, a copy of a
 * file migrated once per schema version. With it (a PostgreSQL server URL, see scripts/test-pg.mjs):
 * a FRESH database per call, created from a template that holds the migrated schema (migrated once
 * per schema version, under an advisory lock shared by every Vitest worker), and dropped on close.
 */
export const testDatabaseUrl = process.env.TEST_DATABASE_URL || null;
/**
 * TEST_DATABASE_POOLER_URL: PgBouncer in transaction mode in front of TEST_DATABASE_URL's server
 * (scripts/test-pg.mjs): the test databases' apps connect through it (DATABASE_POOLER=pgbouncer),
 * with the server itself as their direct URL (LISTEN, migrations, leader locks).
 */
export const testPoolerUrl = process.env.TEST_DATABASE_POOLER_URL || null;

export type TestEngine = 'sqlite' | 'postgres';
/**
 * The engine db-level tests run on: SQLite, or PostgreSQL when TEST_DATABASE_URL is set. npm test runs
 * the suite once per engine, so the PostgreSQL run need not repeat the SQLite half.
 */
export const testEngines: TestEngine[] = testDatabaseUrl ? ['postgres'] : ['sqlite'];

/**
 * Where the API tests' data directories go: a memory file system (/dev/shm) where there is one, else
 * the system's temporary directory. The SQLite files there commit with synchronous = FULL as in
 * production, but an fsync costs nothing: the same bargain as the PostgreSQL test cluster's fsync=off.
 * Durability has tests of its own (sqlite-durability.test.ts), on the disk.
 */
export const testTempRoot: string = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
})();

/** A fresh temporary directory for one test's data (under testTempRoot). */
export const testTempDir = (prefix: string): string => mkdtempSync(join(testTempRoot, `${prefix}-`));

/** A short hash of a migrations folder (its SQL files and journal): a changed schema changes it. */
function migrationsHash(dir: string): string {
  const hash = createHash('sha1');
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

let sqliteTemplate: Promise<string> | null = null;

/**
 * The migrated SQLite file, named after the migrations (a changed schema gets a new one) and kept
 * for the next run, like PostgreSQL's template. Migrating costs about 30 ms of CPU and a dozen
 * fsyncs per database; copying the migrated file costs almost nothing, and the server still runs its
 * migrator on the copy (which finds every migration applied). Built under a name of its own and
 * renamed, so that no worker copies a half-migrated file.
 */
async function migrateSqliteTemplate(): Promise<string> {
  const file = join(testTempRoot, `gogo-sqlite-template-${migrationsHash(migrationsDir)}.sqlite`);
  if (existsSync(file)) return file;
  const dir = testTempDir('gogo-tpl');
  try {
    // Closing checkpoints the write-ahead log into the file: the one file holds the whole schema.
    await openDatabase(join(dir, 'gogo.sqlite')).close();
    renameSync(join(dir, 'gogo.sqlite'), file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return file;
}

/**
 * Opens a migrated SQLite database at `file` (created from this worker's migrated copy; the file must
 * not exist yet).
 */
export async function openFreshSqlite(file: string): Promise<SqliteDatabase> {
  sqliteTemplate ??= migrateSqliteTemplate();
  const template = await sqliteTemplate;
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(template, file, constants.COPYFILE_EXCL);
  return openDatabase(file);
}

const TEMPLATE_LOCK = 0x60_60_7e_57;

function urlOf(database: string, base = testDatabaseUrl!): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `fn` on a connection to the server's maintenance database. */
export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl! });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The template's name follows the migrations, so that a changed schema gets a new template. */
const templateName = (): string => `gogo_tpl_${migrationsHash(pgMigrationsDir)}`;

let template: Promise<string> | null = null;

async function buildTemplate(): Promise<string> {
  const name = templateName();
  await withAdminClient(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return;
      // Built under another name and renamed: a half-migrated template is never used.
      const building = `${name}_build`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const database = await connectDatabase({ url: urlOf(building), file: '', poolMax: 1 });
      await database.close();
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

let counter = 0;

export interface TestDatabase {
  database: Database;
  /** postgres://… of this database (PostgreSQL only). */
  url: string | null;
  close(): Promise<void>;
}

/** A fresh, migrated PostgreSQL database (requires TEST_DATABASE_URL). */
export async function createPostgresTestDatabase(
  options: {
    poolMax?: number;
    /** A streaming replica of TEST_DATABASE_URL's server: the database's lag-tolerant reads go there (DATABASE_READ_URL). */
    replicaUrl?: string;
  } = {},
): Promise<TestDatabase> {
  template ??= buildTemplate();
  const source = await template;
  counter += 1;
  const name = `gogo_t_${process.pid}_${counter}`;
  // FILE_COPY: about 0.1 s here, against 1.5 s for PostgreSQL 15's default WAL_LOG copy.
  await withAdminClient((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${source}" STRATEGY FILE_COPY`));
  const url = urlOf(name);
  const readUrl = options.replicaUrl ? urlOf(name, options.replicaUrl) : null;
  if (options.replicaUrl) await replicaHas(options.replicaUrl, name);
  const database = await connectDatabase({
    url: testPoolerUrl ? urlOf(name, testPoolerUrl) : url,
    file: '',
    poolMax: options.poolMax ?? 5,
    ...(testPoolerUrl ? { pooler: 'pgbouncer' as const, directUrl: url } : {}),
    ...(readUrl ? { readUrl } : {}),
  });
  return {
    database,
    url,
    async close() {
      // An app closes its database itself (onClose hook): a second close is harmless here.
      await database.close().catch(() => undefined);
      await withAdminClient((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/** Waits until the replica at `replicaUrl` has replayed the creation of database `name`. */
async function replicaHas(replicaUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: replicaUrl });
  await client.connect();
  try {
    for (let waited = 0; waited < 30_000; waited += 50) {
      const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the replica has no database ${name} after 30 s`);
  } finally {
    await client.end();
  }
}

/** A fresh database on the engine asked for (SQLite: a temporary file). */
export async function createTestDatabase(engine: TestEngine): Promise<TestDatabase> {
  if (engine === 'postgres') return createPostgresTestDatabase();
  const dir = testTempDir('gogo-db');
  const database = await openFreshSqlite(join(dir, 'gogo.sqlite'));
  return {
    database,
    url: null,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database of `engine` for the enclosing describe block: created before its tests, closed
 * after them. Returns the database's getter (there is none before the block's tests run).
 */
export function suiteDatabase(engine: TestEngine): () => Database {
  let test: TestDatabase | undefined;
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => test?.close());
  return () => {
    if (test === undefined) throw new Error('the suite database is opened before its tests');
    return test.database;
  };
}
