import { ADMIN_PASSWORD_MIN } from '@gogo/shared/validation';
import { hashPassword } from '../../lib/passwords.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { adminsRepo } from './admins-repo.js';

export class AdminCreateError extends Error {}

const ADMIN_NAME = /^[A-Za-z0-9_.-]{3,40}$/;

const alreadyExists = (username: string) => new AdminCreateError(`Admin "${username}" already exists.`);

/** Creates a back-office account (CLI and first-start bootstrap). */
export async function createAdmin(database: Database, input: { username: string; password: string }, now: number) {
  const username = input.username.trim();
  if (!ADMIN_NAME.test(username)) {
    throw new AdminCreateError('Admin username must be 3 to 40 letters, digits, dots, dashes or underscores.');
  }
  if (input.password.length < ADMIN_PASSWORD_MIN) {
    throw new AdminCreateError(`Admin password must be at least ${ADMIN_PASSWORD_MIN} characters long.`);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await database.write(async (tx) => {
      if (await adminsRepo.byUsername(tx, username)) throw alreadyExists(username);
      const row = await adminsRepo.insert(tx, { username, passwordHash }, now);
      return { id: row.id, username: row.username };
    });
  } catch (err) {
    // Two instances bootstrapping at once: the unique index on lower(username) lets one win.
    if (isUniqueViolation(err)) throw alreadyExists(username);
    throw err;
  }
}

/** Creates the first admin when there is none yet (ADMIN_USERNAME/ADMIN_PASSWORD at start); null otherwise. */
export async function bootstrapFirstAdmin(
  database: Database,
  input: { username: string; password: string },
  now: number,
): Promise<{ id: number; username: string } | null> {
  if ((await adminsRepo.count(database.read)) > 0) return null;
  try {
    return await createAdmin(database, input, now);
  } catch (err) {
    // Another instance created it between the count and the insert.
    if (err instanceof AdminCreateError && (await adminsRepo.count(database.read)) > 0) return null;
    throw err;
  }
}
