import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryClient } from 'runtime-kernel';

/**
 * Under ['conversations'], which the dashboard's conversation pages invalidate after reading (one
 * QueryClient for the page); keyed by the user, as the answer depends on who is signed in.
 */
export const unreadMessagesKey = (uid: string) => ['conversations', 'unread-count', uid] as const;

export const getUnreadMessages = (signal?: AbortSignal) =>
  apiRequest<{ unread: number }>('/conversations/unread-count', { auth: true, signal });

export const unreadMessagesQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: unreadMessagesKey(uid),
    queryFn: ({ signal }) => getUnreadMessages(signal),
    // Kept current by live events (useLiveEvent), not by time.
    staleTime: Infinity,
  });

/** The page's shared QueryClient, so the header needs no provider of its own. */
export const useUnreadMessages = (uid: string) => useQuery(unreadMessagesQueryOptions(uid), getQueryClient());
