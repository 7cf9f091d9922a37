import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, toast } from 'runtime-kernel';
import type { Dispute, ResolveDispute } from 'shared-contracts/money';
import { useT } from '@/shared/i18n';

/** POST /disputes/{id}/resolve (operators): release, refund in full, or refund a part and release the rest. */
export const resolveDispute = (id: string, body: ResolveDispute) =>
  apiRequest<Dispute>(`/disputes/${encodeURIComponent(id)}/resolve`, { method: 'POST', body, auth: true });

export const useResolveDispute = (id: string) => {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: (body: ResolveDispute) => resolveDispute(id, body),
    // The toast is said here, not in mutate's own callback: the resolved dispute replaces the form,
    // which unmounts before a callback of the form's could run.
    onSuccess: (dispute) => {
      queryClient.setQueryData(['disputes', 'review', id], dispute);
      toast.success(t('adminDisputes.resolve.done'));
    },
    // Both queues change, and the order's money moved (the operators' totals).
    onSettled: () =>
      Promise.all(
        [['disputes'], ['admin-money']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
};
