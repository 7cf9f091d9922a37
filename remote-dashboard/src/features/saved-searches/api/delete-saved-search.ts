import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';

/** DELETE /saved-searches/:id: the search stops alerting; the list reloads. */
export const deleteSavedSearch = (id: string) =>
  apiRequest<{ acknowledged: boolean }>(`/saved-searches/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });

export const useDeleteSavedSearch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['saved-searches'] }),
  });
};
