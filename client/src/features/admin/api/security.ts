import { useQuery } from '@tanstack/react-query';
import type {
  AdminLoginStep,
  AdminSecondFactorBody,
  AdminSecurityStatus,
  TotpConfirmResult,
  TotpSetup,
} from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { adminApi } from './http';

/** The admin's second factor (issue 13): the sign-in's second step, the Security tab's status and enrolment. */
export const securityKey = ['admin', 'security'] as const;

/** The shared client: no admin token exists before this step. */
export const adminSecondFactor = (body: AdminSecondFactorBody) =>
  api.post<AdminLoginStep | null>('/admin/login/second-factor', body);

export const useAdminSecurity = () =>
  useQuery({ queryKey: securityKey, queryFn: () => adminApi.get<AdminSecurityStatus>('/security') });

export const startTotpSetup = () => adminApi.post<TotpSetup>('/security/totp/setup');

export const confirmTotpSetup = (code: string) => adminApi.post<TotpConfirmResult>('/security/totp/confirm', { code });
