// Backup and restore of everything the server keeps, on either engine: the database (SQLite's online
// backup through better-sqlite3, or pg_dump's custom format), the uploaded files and secrets.json.
// One backup is one folder with a manifest (engine, time, files with their SHA-256); a restore checks
// the sums first and writes only into an empty place (a fresh DATA_DIR or an empty database) unless
// told to replace.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

export const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'gogo.sqlite';
const PG_FILE = 'gogo.pgdump';

/**
 * A PostgreSQL client program: PG_BIN's, else the newest Debian cluster's, else the one on PATH.
 * pg_dump must be at least the server's major version.
 * @param {'pg_dump' | 'pg_restore'} name
 */
export function pgTool(name) {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((v) => existsSync(join(debian, v, 'bin', name)))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return join(debian, versions[0], 'bin', name);
  }
  return name;
}

/** @param {string} tool @param {string[]} args */
function runTool(tool, args) {
  const res = spawnSync(tool, args, { encoding: 'utf8' });
  if (res.error)
    throw new Error(`${tool} could not run (${res.error.message}): install postgresql-client or set PG_BIN`);
  if (res.status !== 0) throw new Error(`${tool} failed (exit ${res.status}): ${res.stderr.trim()}`);
  return res.stdout;
}

/** @param {string} file */
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Every file under `dir`, relative to it. @param {string} dir */
const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(dir, f)).isFile());

/** A folder name that sorts by time: gogo-20260101T120000Z. @param {Date} at */
export const backupName = (at) => `gogo-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}`;

/**
 * Takes a backup while the server runs and answers the folder it wrote.
 * @param {{ dataDir: string, databaseUrl?: string | null, out: string, now?: Date }} options
 */
export async function backup({ dataDir, databaseUrl = null, out, now = new Date() }) {
  const dir = join(out, backupName(now));
  if (existsSync(dir)) throw new Error(`${dir} exists already`);
  mkdirSync(dir, { recursive: true });
  // secrets.json and the players' data: readable by the operator only.
  chmodSync(dir, 0o700);
  if (databaseUrl) {
    // A consistent snapshot in one transaction while the instances keep writing.
    runTool(pgTool('pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${join(dir, PG_FILE)}`,
      databaseUrl,
    ]);
  } else {
    const source = join(dataDir, SQLITE_FILE);
    if (!existsSync(source))
      throw new Error(`no SQLite database at ${source} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`);
    // SQLite's online backup: pages copied while writers go on, restarted when one writes under it.
    const db = new BetterSqlite3(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(join(dir, SQLITE_FILE));
    } finally {
      db.close();
    }
  }
  const uploads = join(dataDir, 'uploads');
  if (existsSync(uploads)) cpSync(uploads, join(dir, 'uploads'), { recursive: true });
  const secrets = join(dataDir, 'secrets.json');
  if (existsSync(secrets)) copyFileSync(secrets, join(dir, 'secrets.json'));
  const files = Object.fromEntries(filesUnder(dir).map((f) => [f, sha256(join(dir, f))]));
  const manifest = { engine: databaseUrl ? 'postgres' : 'sqlite', createdAt: now.toISOString(), files };
  writeFileSync(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return { dir, manifest };
}

/**
 * The manifest of a backup folder, after checking every file's SHA-256.
 * @param {string} from
 * @returns {{ engine: 'sqlite' | 'postgres', createdAt: string, files: Record<string, string> }}
 */
export function verifiedManifest(from) {
  const file = join(from, MANIFEST);
  if (!existsSync(file)) throw new Error(`${from} is not a backup: no ${MANIFEST}`);
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  for (const [name, sum] of Object.entries(manifest.files)) {
    const path = join(from, name);
    if (!existsSync(path)) throw new Error(`backup damaged: ${name} is missing`);
    if (sha256(path) !== sum) throw new Error(`backup damaged: ${name} does not match its SHA-256`);
  }
  return manifest;
}

/** @param {string} url */
async function tablesIn(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const res = await client.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(res.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Restores a backup into `dataDir` (and the database at `databaseUrl` for a PostgreSQL backup). The
 * server must be stopped. Refuses to overwrite a database or uploads unless `replace`.
 * @param {{ from: string, dataDir: string, databaseUrl?: string | null, replace?: boolean }} options
 */
export async function restore({ from, dataDir, databaseUrl = null, replace = false }) {
  const manifest = verifiedManifest(from);
  if (manifest.engine === 'postgres' && !databaseUrl) {
    throw new Error('this is a PostgreSQL backup: set DATABASE_URL to the database to restore into');
  }
  if (manifest.engine === 'sqlite' && databaseUrl) {
    throw new Error('this is a SQLite backup: unset DATABASE_URL (it restores into DATA_DIR)');
  }
  mkdirSync(dataDir, { recursive: true });
  if (manifest.engine === 'postgres') {
    const url = /** @type {string} */ (databaseUrl);
    const existing = await tablesIn(url);
    if (existing > 0 && !replace) {
      throw new Error(`the database has ${existing} tables already: restore into an empty one, or pass --replace`);
    }
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`];
    if (existing > 0) args.push('--clean', '--if-exists');
    runTool(pgTool('pg_restore'), [...args, join(from, PG_FILE)]);
  } else {
    const target = join(dataDir, SQLITE_FILE);
    if (existsSync(target) && !replace) {
      throw new Error(`${target} exists: restore into a fresh DATA_DIR, or pass --replace (with the server stopped)`);
    }
    // The old write-ahead log must not be replayed onto the restored file.
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
    copyFileSync(join(from, SQLITE_FILE), target);
    const db = new BetterSqlite3(target, { fileMustExist: true });
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`the restored database fails SQLite's integrity check: ${check}`);
    } finally {
      db.close();
    }
  }
  const uploads = join(from, 'uploads');
  if (existsSync(uploads)) {
    const target = join(dataDir, 'uploads');
    if (existsSync(target) && filesUnder(target).length > 0 && !replace) {
      throw new Error(`${target} holds files: restore into a fresh DATA_DIR, or pass --replace`);
    }
    cpSync(uploads, target, { recursive: true, force: true });
  }
  const secrets = join(from, 'secrets.json');
  const secretsTarget = join(dataDir, 'secrets.json');
  if (existsSync(secrets) && (replace || !existsSync(secretsTarget))) {
    copyFileSync(secrets, secretsTarget);
    chmodSync(secretsTarget, 0o600);
  }
  return { manifest, files: Object.keys(manifest.files) };
}
