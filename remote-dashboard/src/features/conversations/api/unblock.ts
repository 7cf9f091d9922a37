import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';

/** DELETE /blocks/:userId: the caller lifts their own block; the list and the conversations reload. */
export const unblockPerson = (userId: string) =>
  apiRequest<{ blocked: boolean }>(`/blocks/${encodeURIComponent(userId)}`, { method: 'DELETE', auth: true });

export const useUnblock = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockPerson,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['blocks'] });
      await queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
};
