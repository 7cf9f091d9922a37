import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Dispute, OpenDispute } from 'shared-contracts/money';
import { invalidateOrders } from '@/shared/api/move-order';

/** POST /orders/{transactionId}/dispute (the buyer): the problem in words and photos; the money stays held. */
export const openDispute = (transactionId: number, body: OpenDispute) =>
  apiRequest<Dispute>(`/orders/${transactionId}/dispute`, { method: 'POST', body, auth: true });

/** The order's money and actions change (disputed, no more Confirm receipt): both sides' lists refetch. */
export const useOpenDispute = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, body }: { transactionId: number; body: OpenDispute }) =>
      openDispute(transactionId, body),
    onSettled: () => invalidateOrders(queryClient),
  });
};
