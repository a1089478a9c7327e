import { parseArgs } from 'node:util';
import { loadConfig } from '../settings/index.js';
import { connectDatabase } from '../db/client.js';
import { dbCounters } from '../modules/throttle/index.js';
import { AdminResetError, resetAdminSecondFactor } from '../modules/admin-security/index.js';

// npm run admin:reset-2fa -- --username NAME
// For an admin who lost both the authenticator and the recovery codes: the second factor and the
// codes go, every session of the admin ends, the login locks clear; the admin enrols again.
async function main() {
  const { values } = parseArgs({ options: { username: { type: 'string' } }, strict: true });
  if (!values.username) {
    console.error('Usage: npm run admin:reset-2fa -- --username NAME');
    process.exit(2);
  }
  const config = loadConfig();
  const url = process.env.DATABASE_URL || null;
  const database = await connectDatabase({ url, file: config.databaseFile });
  try {
    const admin = await resetAdminSecondFactor(database, dbCounters(database), values.username, Date.now());
    console.log(
      admin.wasEnrolled
        ? `Two-step sign-in of "${admin.username}" reset: sign in with the password and set it up again under Security.`
        : `"${admin.username}" had no second factor; sessions ended and login locks cleared.`,
    );
  } catch (err) {
    if (err instanceof AdminResetError) {
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
