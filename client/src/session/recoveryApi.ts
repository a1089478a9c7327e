import { api } from '../lib/api/client';
import { session } from '../lib/session';

/** Issue 13's mail flows (server/src/modules/recovery/routes.ts). */
export const verifyEmail = (token: string) =>
  api.post<{ verified: true; email: string }>('/auth/verify-email', { token });

export const resendVerification = () => api.post<{ sent: true }>('/auth/resend-verification');

export const forgotPassword = (email: string) => api.post<{ requested: true }>('/auth/forgot-password', { email });

/** A reset revokes every token of the account: this browser's session ends too. */
export async function resetPassword(token: string, password: string) {
  const data = await api.post<{ reset: true }>('/auth/reset-password', { token, password });
  if (session.get().token) session.signOut();
  return data;
}

/** The other sessions are revoked; this one continues with the fresh token the server answers. */
export async function changePassword(currentPassword: string, newPassword: string) {
  const data = await api.post<{ token: string }>('/auth/change-password', { currentPassword, newPassword });
  const { user } = session.get();
  if (user) session.signIn(data.token, user);
  return data;
}
