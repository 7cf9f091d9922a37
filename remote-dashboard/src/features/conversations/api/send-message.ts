import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';

/** POST /conversations/:id/messages: plain text, at most 2,000 characters (the API trims it). */
export const sendMessage = (id: string, text: string) =>
  apiRequest<{ _id: string; conversationId: string }>(`/conversations/${encodeURIComponent(id)}/messages`, {
    method: 'POST',
    auth: true,
    body: { text },
  });

export const useSendMessage = (id: string) =>
  useMutation({ mutationFn: (text: string) => sendMessage(id, text) });
