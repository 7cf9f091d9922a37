import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, getQueryClient, useConfirmedUid } from 'runtime-kernel';

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

/**
 * The page's shared QueryClient, so the header needs no provider of its own. Asked once Firebase
 * has confirmed the hinted user, like the bell (get-notifications.ts).
 */
export const useUnreadMessages = (uid: string) => {
  const confirmedUid = useConfirmedUid();
  return useQuery({ ...unreadMessagesQueryOptions(uid), enabled: confirmedUid === uid }, getQueryClient());
};
