import { useQuery } from '@tanstack/react-query';
import type { AdminLoginBody, AdminLoginStep, AdminPublic } from '@gogo/shared/api';
import { api } from '../../../lib/api/client';
import { session } from '../../../lib/session';
import { adminApi } from './http';
import { adminKeys } from './keys';

/**
 * POST /admin/login: the shared client (no admin token is sent, none is needed). Signed in, or a
 * challenge for the second factor's code (api/security.ts).
 */
export const adminLogin = (body: AdminLoginBody) => api.post<AdminLoginStep | null>('/admin/login', body);

/** Revokes the admin's tokens on the server, then forgets the local one whatever the answer. */
export async function adminLogout(): Promise<void> {
  try {
    await adminApi.post('/logout');
  } catch {
    // Already expired or offline: the local token goes anyway.
  } finally {
    session.setAdminToken(null);
  }
}

export const useAdminMe = () =>
  useQuery({
    queryKey: adminKeys.me,
    queryFn: () => adminApi.get<{ admin: AdminPublic }>('/me'),
    staleTime: 5 * 60_000,
  });
