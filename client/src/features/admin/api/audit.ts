import { keepPreviousData, useQuery } from '@tanstack/react-query';
import * as adminReports from '@gogo/shared/api/endpoints/admin-reports';
import { call } from '../../../lib/api/call';
import { adminKeys } from './keys';

/** The audit tab's filters as its form holds them: text fields, '' when unset. */
export interface AuditQuery {
  action: string;
  adminId: string;
  targetUserId: string;
  from: string;
  to: string;
  page: number;
  limit: number;
}

// An id field holds what the admin typed: sent as a number when it is one, as typed otherwise (the
// server answers a clear validation error).
const idFilter = (text: string) =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text) : (text as unknown as number);

export const fetchAuditLog = (q: AuditQuery) =>
  call(adminReports.auditLog, {
    query: {
      ...q,
      action: q.action || undefined,
      from: q.from || undefined,
      to: q.to || undefined,
      adminId: idFilter(q.adminId),
      targetUserId: idFilter(q.targetUserId),
    },
  });

export const useAuditLog = (q: AuditQuery) =>
  useQuery({ queryKey: adminKeys.audit(q), queryFn: () => fetchAuditLog(q), placeholderData: keepPreviousData });
