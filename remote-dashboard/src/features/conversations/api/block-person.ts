import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';

/**
 * POST /conversations/:id/block blocks the conversation's other person; DELETE lifts the caller's
 * own block. Either way the conversation and the inbox reload, so the composer follows.
 */
export const setBlock = (id: string, blocked: boolean) =>
  apiRequest<{ blocked: boolean }>(`/conversations/${encodeURIComponent(id)}/block`, {
    method: blocked ? 'POST' : 'DELETE',
    auth: true,
  });

export const useSetBlock = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlock(id, blocked),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  });
};
