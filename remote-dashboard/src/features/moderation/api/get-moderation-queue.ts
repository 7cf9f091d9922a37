import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { ModerationItem } from 'shared-contracts/moderation';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/**
 * The list contract of GET /admin/moderation (ModerationSorts): oldest first, first come first
 * decided; `q` matches the listing's name and the seller's e-mail.
 */
export const MODERATION_LIST: ListSpec = {
  sorts: { createdAt: 'asc', productName: 'asc', price: 'asc' },
  pageSize: 10,
};

/** GET /admin/moderation (admin only): one page of waiting listings and the total. */
export const getModerationQueue = (params: ListParams) =>
  apiRequestPage<ModerationItem>(`/admin/moderation?${apiListQuery(MODERATION_LIST, params)}`, {
    auth: true,
  });

// Keyed here, not in web-kit's query keys: only this lazily loaded page reads it, and the shared
// keys are in every first load (docs/decisions/0044-byte-budget-in-the-tests.md).
export const moderationQueueQueryOptions = (params: ListParams) =>
  queryOptions({
    queryKey: ['admin-moderation', params],
    queryFn: () => getModerationQueue(params),
    placeholderData: keepPreviousData,
  });

export const useModerationQueue = (params: ListParams) => useQuery(moderationQueueQueryOptions(params));
