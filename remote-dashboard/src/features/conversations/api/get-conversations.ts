import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { ConversationSummary } from 'shared-contracts/conversations';

/** GET /conversations: the user's conversations as buyer and as seller, newest activity first. */
export const getConversations = (signal?: AbortSignal) =>
  apiRequest<ConversationSummary[]>('/conversations', { auth: true, signal });

// Under ['conversations'] with the header's unread count: reading invalidates both at once.
export const conversationsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['conversations', 'list', uid],
    queryFn: ({ signal }) => getConversations(signal),
    // Live events keep it current (useLiveEvent), not time.
    staleTime: Infinity,
  });

export const useConversations = (uid: string) => useQuery(conversationsQueryOptions(uid));
