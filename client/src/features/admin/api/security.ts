import { useQuery } from '@tanstack/react-query';
import type { AdminSecondFactorBody } from '@gogo/shared/api';
import * as adminSecurity from '@gogo/shared/api/endpoints/admin-security';
import { call } from '../../../lib/api/call';
import { session } from '../../../lib/session';
import { adminKeys } from './keys';

/** The admin's second factor: the sign-in's second step, the Security tab's status and enrolment. */
export const securityKey = adminKeys.security;

/** No admin token exists before this step (the entry's auth is none). */
export const adminSecondFactor = (body: AdminSecondFactorBody) => call(adminSecurity.adminSecondFactor, { body });

export const useAdminSecurity = () =>
  useQuery({ queryKey: securityKey, queryFn: () => call(adminSecurity.adminSecurityStatus) });

export const startTotpSetup = () => call(adminSecurity.totpSetup);

/** Enrolment ends the sessions begun without the second factor: the answer carries this session's new token. */
export async function confirmTotpSetup(code: string) {
  const result = await call(adminSecurity.totpConfirm, { body: { code } });
  session.setAdminToken(result.token);
  return result;
}
