import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { SavedState } from 'shared-contracts/saved';
import { queryKeys } from 'web-kit/query-keys';

/** DELETE /saved/:productId: takes a laptop off the Saved list (the catalogue's hearts follow). */
export const removeSaved = (productId: string) =>
  apiRequest<SavedState>(`/saved/${encodeURIComponent(productId)}`, { method: 'DELETE', auth: true });

export const useRemoveSaved = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSaved,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.saved.all() }),
  });
};
