import * as auth from '@gogo/shared/api/endpoints/auth';
import { call } from '../lib/api/call';
import { session } from '../lib/session';

/** The mail flows (server/src/modules/recovery/routes.ts). */
export const verifyEmail = (token: string) => call(auth.verifyEmail, { body: { token } });

export const resendVerification = () => call(auth.resendVerification);

export const forgotPassword = (email: string) => call(auth.forgotPassword, { body: { email } });

/** A reset revokes every token of the account: this browser's session ends too. */
export async function resetPassword(token: string, password: string) {
  const data = await call(auth.resetPassword, { body: { token, password } });
  if (session.get().token) session.signOut();
  return data;
}

/** The other sessions are revoked; this one continues with the fresh token the server answers. */
export async function changePassword(currentPassword: string, newPassword: string) {
  const data = await call(auth.changePassword, { body: { currentPassword, newPassword } });
  const { user } = session.get();
  if (user) session.signIn(data.token, user);
  return data;
}
