// npm run restore -- --from DIR [--replace]: puts a backup of npm run backup back, with the server
// stopped. SQLite: into DATA_DIR (refused when a database is there, unless --replace); PostgreSQL: into
// DATABASE_URL (refused when it has tables, unless --replace); uploads and secrets.json into DATA_DIR.
// The files' SHA-256 are checked first, and afterwards the ledger audit runs on the restored data:
// cached balances against the ledger, rolls against dice spent and nonces. Exit 1 when it fails.
import { resolve } from 'node:path';
import { restore } from './lib/backup.mjs';
import { root } from './lib/project.mjs';
import { openProjectDb } from './lib/project-db.mjs';

const at = process.argv.indexOf('--from');
const from = at === -1 ? undefined : process.argv[at + 1];
if (!from) {
  console.error('restore: name the backup folder: npm run restore -- --from backups/gogo-20260101T000000Z');
  process.exit(1);
}
const dataDir = resolve(root, process.env.DATA_DIR ?? './data');
const databaseUrl = process.env.DATABASE_URL || null;
try {
  const { manifest } = await restore({
    from: resolve(from),
    dataDir,
    databaseUrl,
    replace: process.argv.includes('--replace'),
  });
  console.log(
    `restored the ${manifest.engine} backup of ${manifest.createdAt} into ${databaseUrl ? 'DATABASE_URL' : dataDir}`,
  );
  const db = openProjectDb({ dataDir, databaseUrl });
  try {
    const audit = await db.audit();
    console.log(`ledger audit: ${audit.ok ? 'ok' : 'FAILED'} (${audit.players} players, ${audit.rolls} rolls)`);
    if (!audit.ok) {
      console.error(JSON.stringify(audit, null, 2));
      process.exit(1);
    }
  } finally {
    await db.close();
  }
} catch (err) {
  console.error(`restore failed: ${/** @type {Error} */ (err).message}`);
  process.exit(1);
}
