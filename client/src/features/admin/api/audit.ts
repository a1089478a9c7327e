import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogResult } from '@gogo/shared/api';
import { adminApi, toQuery } from './http';
import { adminKeys } from './keys';

export interface AuditQuery {
  action: string;
  adminId: string;
  targetUserId: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

export const useAuditLog = (q: AuditQuery) =>
  useQuery({
    queryKey: adminKeys.audit(q),
    queryFn: () => adminApi.get<AuditLogResult>(`/audit-log${toQuery({ ...q })}`),
    placeholderData: keepPreviousData,
  });
