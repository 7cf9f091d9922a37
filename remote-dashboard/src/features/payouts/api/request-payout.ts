import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Payout } from 'shared-contracts/money';

/**
 * POST /payouts (seller): asks for the whole available balance. The API refuses with a 409 and a
 * sentence to show: payout_below_minimum, payout_method_missing, payout_already_requested.
 */
export const requestPayout = () => apiRequest<Payout>('/payouts', { method: 'POST', auth: true });

export const useRequestPayout = (uid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    // The balance, the statement and the payouts all change: everything under the seller's balance.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['balance', uid] }),
  });
};
