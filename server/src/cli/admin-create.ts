import { parseArgs } from 'node:util';
import { loadConfig } from '../settings/index.js';
import { connectDatabase } from '../db/client.js';
import { AdminCreateError, createAdmin } from '../modules/auth/index.js';

// npm run admin:create -- --username NAME --password PASS
// Works whether or not the server is running: SQLite in WAL mode lets both write in turn, and
// PostgreSQL (DATABASE_URL) takes writers from every process.
async function main() {
  const { values } = parseArgs({
    options: { username: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  if (!values.username || !values.password) {
    console.error('Usage: npm run admin:create -- --username NAME --password PASS');
    process.exit(2);
  }
  const config = loadConfig();
  const url = process.env.DATABASE_URL || null;
  const database = await connectDatabase({ url, file: config.databaseFile });
  try {
    const admin = await createAdmin(
      database,
      {
        username: values.username,
        password: values.password,
      },
      Date.now(),
    );
    console.log(
      `Admin "${admin.username}" created in ${url ? 'the PostgreSQL database' : config.databaseFile}. Sign in at /admin.`,
    );
  } catch (err) {
    if (err instanceof AdminCreateError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
