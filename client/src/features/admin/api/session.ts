import { useQuery } from '@tanstack/react-query';
import type { AdminLoginBody } from '@gogo/shared/api';
import * as adminSecurity from '@gogo/shared/api/endpoints/admin-security';
import * as adminUsers from '@gogo/shared/api/endpoints/admin-users';
import { call } from '../../../lib/api/call';
import { session } from '../../../lib/session';
import { adminKeys } from './keys';

/**
 * POST /admin/login (no token is sent, none is needed). Signed in, or a challenge for the second
 * factor's code (api/security.ts).
 */
export const adminLogin = (body: AdminLoginBody) => call(adminSecurity.adminLogin, { body });

/** Revokes the admin's tokens on the server, then forgets the local one whatever the answer. */
export async function adminLogout(): Promise<void> {
  try {
    await call(adminUsers.adminLogout);
  } catch {
    // Already expired or offline: the local token goes anyway.
  } finally {
    session.setAdminToken(null);
  }
}

export const useAdminMe = () =>
  useQuery({ queryKey: adminKeys.me, queryFn: () => call(adminUsers.adminMe), staleTime: 5 * 60_000 });
