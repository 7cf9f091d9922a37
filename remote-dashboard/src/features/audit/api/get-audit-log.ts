import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from 'shared-contracts/audit';
import { fetchPage } from '../../../shared/api/fetch-page';

export const AUDIT_PAGE_SIZE = 20;

/** GET /audit-log (admin only), newest first, one page at a time with the total. */
export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['audit-log', page],
    queryFn: () => fetchPage<AuditEntry>('/audit-log', page, AUDIT_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) => useQuery(auditLogQueryOptions(page));
