/**
 * users.lock_until / admins.lock_until (and failed_login_attempts) are no longer a lock of the account
 * (login-throttle.ts locks one address+account pair in the shared counters). They record
 * for the back office that some address was locked out of the account until then, and how many
 * failures the account had: the locked-users list shows them and admin unlock clears both.
 */
export interface LockState {
  failedLoginAttempts: number;
  lockUntil: number | null;
}

export const isLocked = (s: LockState, now: number) => s.lockUntil !== null && s.lockUntil > now;
