// npm run backup [-- --out DIR]: a consistent backup while the server runs, into DIR/gogo-<time>/
// (default ./backups). The database as DATA_DIR and DATABASE_URL name it (SQLite's online backup, or
// pg_dump), DATA_DIR/uploads and secrets.json, and a manifest with each file's SHA-256. With
// --keep N, only the newest N backups in DIR are kept afterwards. docs/operations.md has the schedule.
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { backup, backupName } from './lib/backup.mjs';
import { root } from './lib/project.mjs';

/** @param {string} name */
const flag = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
};
const out = resolve(flag('out') ?? join(root, 'backups'));
const keep = flag('keep') === undefined ? null : Number(flag('keep'));
if (keep !== null && (!Number.isInteger(keep) || keep < 1)) {
  console.error('backup: --keep must be a whole number of backups, at least 1');
  process.exit(1);
}
try {
  const { dir, manifest } = await backup({
    dataDir: resolve(root, process.env.DATA_DIR ?? './data'),
    databaseUrl: process.env.DATABASE_URL || null,
    out,
  });
  console.log(`backup (${manifest.engine}): ${dir}, ${Object.keys(manifest.files).length} files`);
  if (keep !== null) {
    const pattern = new RegExp(`^${backupName(new Date(0)).replace(/\d/g, '\\d')}$`);
    const older = readdirSync(out)
      .filter((name) => pattern.test(name))
      .sort()
      .reverse()
      .slice(keep);
    for (const name of older) rmSync(join(out, name), { recursive: true, force: true });
    if (older.length) console.log(`removed ${older.length} older backup(s), keeping ${keep}`);
  }
} catch (err) {
  console.error(`backup failed: ${/** @type {Error} */ (err).message}`);
  process.exit(1);
}
