import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { ConversationDetail } from 'shared-contracts/conversations';

/**
 * GET /conversations/:id: the conversation with its newest messages, or only those after `since`
 * (what a live event asks for: the page merges them by id, so nothing is shown twice).
 */
export const getConversation = (id: string, since?: string, signal?: AbortSignal) =>
  apiRequest<ConversationDetail>(
    `/conversations/${encodeURIComponent(id)}${since ? `?since=${encodeURIComponent(since)}` : ''}`,
    { auth: true, signal },
  );

export const conversationQueryOptions = (uid: string, id: string) =>
  queryOptions({
    queryKey: ['conversations', 'detail', uid, id],
    queryFn: ({ signal }) => getConversation(id, undefined, signal),
    staleTime: Infinity,
  });

export const useConversation = (uid: string, id: string) => useQuery(conversationQueryOptions(uid, id));
