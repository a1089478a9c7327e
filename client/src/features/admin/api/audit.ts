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

// An id field holds what the admin typed; anything but digits is sent as NaN, which the server refuses
// with its validation error, as it refused the typed text before.
const idFilter = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

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
