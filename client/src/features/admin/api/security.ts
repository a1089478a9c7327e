import { useQuery } from '@tanstack/react-query';
import type { AdminSecondFactorBody } from '@gogo/shared/api';
import * as adminSecurity from '@gogo/shared/api/endpoints/admin-security';
import { call } from '../../../lib/api/call';
import { adminKeys } from './keys';

/** The admin's second factor: the sign-in's second step, the Security tab's status and enrolment. */
export const securityKey = adminKeys.security;

/** No admin token exists before this step (the entry's auth is none). */
export const adminSecondFactor = (body: AdminSecondFactorBody) => call(adminSecurity.adminSecondFactor, { body });

export const useAdminSecurity = () =>
  useQuery({ queryKey: securityKey, queryFn: () => call(adminSecurity.adminSecurityStatus) });

export const startTotpSetup = () => call(adminSecurity.totpSetup);

export const confirmTotpSetup = (code: string) => call(adminSecurity.totpConfirm, { body: { code } });
