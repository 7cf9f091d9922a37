import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { AuditEntry } from 'shared-contracts/audit';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /audit-log: newest first; `q` matches the actor's and target's e-mail and the action. */
export const AUDIT_LIST: ListSpec = { sorts: { createdAt: 'desc' }, pageSize: 20 };

/** GET /audit-log (admin only): one page and the total. */
export const getAuditLog = (params: ListParams) =>
  apiRequestPage<AuditEntry>(`/audit-log?${apiListQuery(AUDIT_LIST, params)}`, { auth: true });

export const auditLogQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: ['audit-log', params],
    queryFn: () => getAuditLog(params),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (params: ListParams) => useQuery(auditLogQueryOptions(params));
