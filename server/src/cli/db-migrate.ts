import { parseArgs } from 'node:util';
import { loadConfig } from '../settings/index.js';
import { connectDatabase } from '../db/client.js';
import { schemaState } from '../db/migrations.js';

// npm run db:migrate [-- --check]: applies pending migrations and exits (instances then start with
// MIGRATE_ON_START=off). --check changes nothing and exits 1 when some are pending, or when the
// database is ahead of this code (a later release migrated it: this code may not run on it).
async function main() {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } }, strict: true });
  const config = loadConfig();
  const url = config.databaseUrl ?? null;
  const database = await connectDatabase({
    url,
    file: config.databaseFile,
    migrate: !values.check,
    pooler: config.databasePooler ?? null,
    directUrl: config.databaseDirectUrl ?? null,
    onMigrationRetry: (message: string) => console.log(message),
  });
  try {
    const state = await schemaState(database);
    const where = url ? 'the PostgreSQL database' : config.databaseFile;
    if (values.check) {
      console.log(`${state.pending} of ${state.known} migrations pending in ${where}.`);
      if (state.ahead > 0) {
        console.log(
          `The database is ahead of this code: ${state.ahead} applied migrations are newer than any this release ships.`,
        );
      }
      process.exitCode = state.pending > 0 || state.ahead > 0 ? 1 : 0;
    } else if (state.ahead > 0) {
      console.log(`${where} is ahead of this code by ${state.ahead} migrations: nothing to apply.`);
    } else {
      console.log(`Migrated ${where}: ${state.applied} of ${state.known} migrations applied.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(`db:migrate failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
