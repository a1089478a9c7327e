import type { AuthResult, LoginBody, RegisterBody } from '@gogo/shared/api';
import { errorText } from '@gogo/shared/messages';
import * as auth from '@gogo/shared/api/endpoints/auth';
import { call } from '../lib/api/call';
import { ApiError } from '../lib/api/errors';
import { session } from '../lib/session';

function requireAuthResult(data: AuthResult | null | undefined): AuthResult {
  if (!data || !data.token || !data.user) {
    throw new ApiError(errorText.invalidResponse, null, null, undefined, 'invalid-response');
  }
  return data;
}

export async function login(body: LoginBody): Promise<AuthResult> {
  const data = requireAuthResult(await call(auth.login, { body }));
  session.signIn(data.token, data.user);
  return data;
}

export async function register(body: RegisterBody): Promise<AuthResult> {
  const data = requireAuthResult(await call(auth.register, { body }));
  session.signIn(data.token, data.user);
  return data;
}

/** Revokes the token on the server when it can; the local session ends either way. */
export async function logout(): Promise<void> {
  try {
    if (session.get().token) await call(auth.logout, { timeoutMs: 4000 });
  } catch {
    // Offline or already revoked: signing out locally is what the player asked for.
  } finally {
    session.signOut();
  }
}

/** Asks for a sign-in link by email (the answer is the same whether or not an account has the address). */
export const requestLoginLink = (email: string) => call(auth.requestLoginLink, { body: { email } });

/** Signs in with the token of a mailed sign-in link. */
export async function redeemLoginLink(token: string): Promise<AuthResult> {
  const data = requireAuthResult(await call(auth.redeemLoginLink, { body: { token } }));
  session.signIn(data.token, data.user);
  return data;
}
