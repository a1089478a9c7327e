import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../settings/index.js';
import { connectDatabase } from '../db/client.js';
import { sql } from '../db/sql.js';
import { migrationsDir, pgMigrationsDir } from '../paths.js';

// npm run db:migrate [-- --check]: applies pending migrations and exits (instances then start with
// MIGRATE_ON_START=off); --check changes nothing and exits 1 when some are pending.
const appliedSqlite = sql<Record<string, never>, { n: number }>('SELECT count(*) AS n FROM __drizzle_migrations');
const appliedPg = sql<Record<string, never>, { n: number }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');

async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } }, strict: true });
  const config = loadConfig();
  const url = config.databaseUrl ?? null;
  const journal = JSON.parse(
    readFileSync(join(url ? pgMigrationsDir : migrationsDir, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  const database = await connectDatabase({ url, file: config.databaseFile, migrate: !values.check });
  try {
    const applied = await database.read
      .get(url ? appliedPg : appliedSqlite, {})
      .then((row) => Number(row?.n ?? 0))
      .catch(() => 0); // no migrations table yet: nothing applied
    const pending = journal.entries.length - applied;
    const where = url ? 'the PostgreSQL database' : config.databaseFile;
    if (values.check) {
      console.log(`${pending} of ${journal.entries.length} migrations pending in ${where}.`);
      process.exitCode = pending > 0 ? 1 : 0;
    } else {
      console.log(`Migrated ${where}: ${applied} of ${journal.entries.length} migrations applied.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
