import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Payout } from 'shared-contracts/money';

/** How a payout ends: paid (with the transfer's reference) or failed (with the reason). */
export type Settlement =
  { id: string; outcome: 'paid'; reference: string } | { id: string; outcome: 'failed'; reason: string };

/** POST /admin/payouts/{id}/paid {reference} or /failed {reason} (operators). */
export const settlePayout = (settlement: Settlement) => {
  const { id, outcome, ...body } = settlement;
  return apiRequest<Payout>(`/admin/payouts/${encodeURIComponent(id)}/${outcome}`, {
    method: 'POST',
    body,
    auth: true,
  });
};

export const useSettlePayout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settlePayout,
    // The payout moves between the tabs; the totals and the audit log change with it.
    onSettled: () =>
      Promise.all(
        [['admin-payouts'], ['admin-money'], ['audit-log']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};
