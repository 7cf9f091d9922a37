import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { ConversationDetail } from 'shared-contracts/conversations';

/** Which messages of a conversation to fetch: the newest page, or those after or before one id. */
export type MessageWindow = { since?: string; before?: string };

/**
 * GET /conversations/:id: the conversation with its newest messages, or only those after `since`
 * (what a live event asks for: the page merges them by id, so nothing is shown twice), or the
 * page before `before` (scrolling back; `hasOlder` says whether there are more).
 */
export const getConversation = (id: string, window: MessageWindow = {}, signal?: AbortSignal) => {
  const query = new URLSearchParams();
  if (window.since) query.set('since', window.since);
  if (window.before) query.set('before', window.before);
  const search = query.size ? `?${query}` : '';
  return apiRequest<ConversationDetail>(`/conversations/${encodeURIComponent(id)}${search}`, {
    auth: true,
    signal,
  });
};

export const conversationQueryOptions = (uid: string, id: string) =>
  queryOptions({
    queryKey: ['conversations', 'detail', uid, id],
    queryFn: ({ signal }) => getConversation(id, {}, signal),
    staleTime: Infinity,
  });

export const useConversation = (uid: string, id: string) => useQuery(conversationQueryOptions(uid, id));

/** The page of messages before `before` (scrolling back): the page keeps what it fetched. */
export const useOlderMessages = (id: string) =>
  useMutation({ mutationFn: (before: string) => getConversation(id, { before }) });
