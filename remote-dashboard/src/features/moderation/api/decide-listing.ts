import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

export type ListingDecision =
  { id: string; move: 'approve' } | { id: string; move: 'refuse'; reason: string };

/** POST /admin/moderation/{id}/approve or /refuse {reason} (admin only). */
export const decideListing = (decision: ListingDecision) =>
  apiRequest<{ acknowledged: boolean }>(
    `/admin/moderation/${encodeURIComponent(decision.id)}/${decision.move}`,
    {
      method: 'POST',
      auth: true,
      ...(decision.move === 'refuse' ? { body: { reason: decision.reason } } : {}),
    },
  );

export const useDecideListing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideListing,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-moderation'] }),
        // An approved listing becomes public: the catalog's cached pages change.
        invalidateCatalog(queryClient),
      ]),
  });
};
