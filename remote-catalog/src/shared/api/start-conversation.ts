import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { StartConversation } from 'shared-contracts/conversations';

/**
 * POST /conversations: the buyer's question about a listing. The API answers the conversation's
 * id (a new one, or the one this buyer already has about it, which gets the message).
 */
export const startConversation = (input: StartConversation) =>
  apiRequest<{ _id: string; created: boolean }>('/conversations', {
    method: 'POST',
    body: input,
    auth: true,
  });

export const useStartConversation = () => useMutation({ mutationFn: startConversation });
