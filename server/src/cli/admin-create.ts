import { parseArgs } from 'node:util';
import { AdminCreateError, createAdmin } from '../modules/auth/index.js';
import { runOnDatabase } from './run-on-database.js';

// npm run admin:create -- --username NAME --password PASS
const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' } },
  strict: true,
});
const { username, password } = values;
if (!username || !password) {
  console.error('Usage: npm run admin:create -- --username NAME --password PASS');
  process.exit(2);
}
runOnDatabase(async (database, config, onPostgres) => {
  const admin = await createAdmin(database, { username, password }, Date.now());
  console.log(
    `Admin "${admin.username}" created in ${onPostgres ? 'the PostgreSQL database' : config.databaseFile}. Sign in at /admin.`,
  );
}, AdminCreateError);
