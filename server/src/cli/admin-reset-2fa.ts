import { parseArgs } from 'node:util';
import { dbCounters } from '../modules/throttle/index.js';
import { AdminResetError, resetAdminSecondFactor } from '../modules/admin-security/index.js';
import { runOnDatabase } from './run-on-database.js';

// npm run admin:reset-2fa -- --username NAME
// For an admin who lost both the authenticator and the recovery codes: the second factor and the
// codes go, every session of the admin ends, the login locks clear; the admin enrols again.
const { values } = parseArgs({ options: { username: { type: 'string' } }, strict: true });
const { username } = values;
if (!username) {
  console.error('Usage: npm run admin:reset-2fa -- --username NAME');
  process.exit(2);
}
runOnDatabase(async (database) => {
  const admin = await resetAdminSecondFactor(database, dbCounters(database), username, Date.now());
  console.log(
    admin.wasEnrolled
      ? `Two-step sign-in of "${admin.username}" reset: sign in with the password and set it up again under Security.`
      : `"${admin.username}" had no second factor; sessions ended and login locks cleared.`,
  );
}, AdminResetError);
