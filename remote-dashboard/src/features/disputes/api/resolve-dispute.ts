import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Dispute, ResolveDispute } from 'shared-contracts/money';

/** POST /disputes/{id}/resolve (operators): release, refund in full, or refund a part and release the rest. */
export const resolveDispute = (id: string, body: ResolveDispute) =>
  apiRequest<Dispute>(`/disputes/${encodeURIComponent(id)}/resolve`, { method: 'POST', body, auth: true });

export const useResolveDispute = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResolveDispute) => resolveDispute(id, body),
    onSuccess: (dispute) => queryClient.setQueryData(['disputes', 'review', id], dispute),
    // Both queues change, and the order's money moved (the operators' totals).
    onSettled: () =>
      Promise.all(
        [['disputes'], ['admin-money']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
};
