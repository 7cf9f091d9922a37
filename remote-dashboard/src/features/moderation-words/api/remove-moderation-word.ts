import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';

/** DELETE /admin/moderation-words/:id: takes a word off the list; the list reloads. */
export const removeModerationWord = (id: string) =>
  apiRequest<{ deleted: true }>(`/admin/moderation-words/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });

export const useRemoveModerationWord = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeModerationWord,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation-words'] }),
  });
};
