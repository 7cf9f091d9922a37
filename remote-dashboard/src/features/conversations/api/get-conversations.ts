import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { ConversationSummary } from 'shared-contracts/conversations';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/**
 * The list contract of GET /conversations: latest activity first, or by listing name (what a
 * seller with several listings groups by); `q` matches the listing's and the other person's name.
 */
export const INBOX_LIST: ListSpec = {
  sorts: { lastMessageAt: 'desc', productName: 'asc' },
  pageSize: 20,
};

/** GET /conversations: one page of the user's conversations as buyer and as seller, and the total. */
export const getConversations = (params: ListParams, signal?: AbortSignal) =>
  apiRequestPage<ConversationSummary>(`/conversations?${apiListQuery(INBOX_LIST, params)}`, {
    auth: true,
    signal,
  });

// Under ['conversations'] with the header's unread count: reading invalidates both at once.
export const conversationsQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: ['conversations', 'list', uid, params],
    queryFn: ({ signal }) => getConversations(params, signal),
    placeholderData: keepPreviousData,
    // Live events keep it current (useLiveEvent), not time.
    staleTime: Infinity,
  });

export const useConversations = (uid: string, params: ListParams) =>
  useQuery(conversationsQueryOptions(uid, params));
