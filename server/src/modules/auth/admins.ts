import { ADMIN_PASSWORD_MIN } from '@gogo/shared/validation';
import { hashPassword } from '../../lib/passwords.js';
import type { Database_ } from '../../db/client.js';
import type { AccountsRepo } from './repo.js';

export class AdminCreateError extends Error {}

const ADMIN_NAME = /^[A-Za-z0-9_.-]{3,40}$/;

/** Creates a back-office account (CLI and first-start bootstrap). */
export async function createAdmin(
  database: Database_,
  accounts: AccountsRepo,
  input: { username: string; password: string },
  now: number,
) {
  const username = input.username.trim();
  if (!ADMIN_NAME.test(username)) {
    throw new AdminCreateError('Admin username must be 3 to 40 letters, digits, dots, dashes or underscores.');
  }
  if (input.password.length < ADMIN_PASSWORD_MIN) {
    throw new AdminCreateError(`Admin password must be at least ${ADMIN_PASSWORD_MIN} characters long.`);
  }
  const passwordHash = await hashPassword(input.password);
  return database.legacyWrite(() => {
    if (accounts.findAdminByUsername(username)) throw new AdminCreateError(`Admin "${username}" already exists.`);
    const row = accounts.insertAdmin({ username, passwordHash, createdAt: now });
    return { id: row.id, username: row.username };
  });
}
