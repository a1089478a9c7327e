/** Player sign-up and sign-in, sessions' token state, login throttling, admin accounts. Other code imports this module only through this file. */
export { accounts, type EmailStatusRow, type UserRow } from './accounts.js';
export { setPassword } from './credentials.js';
export { adminsRepo, type AdminAccount, type SecondFactorRow } from './admins-repo.js';
export { AdminCreateError, bootstrapFirstAdmin, createAdmin } from './admins.js';
export { sharesOrigin } from './addresses.js';
export { isLocked } from './lockout.js';
export {
  accountLocked,
  createLoginThrottle,
  type LoginAttempt,
  type LoginThrottle,
  unlockAccount,
} from './login-throttle.js';
export { authRoutes } from './routes.js';
export { createAuthService } from './service.js';
export { createSessionState, type PlayerSession, type SessionState, type StoredSession } from './session-state.js';
export { checkTokenSecret, SecretMismatchError, secretFingerprint, type SecretCheck } from './secret-fingerprint.js';
