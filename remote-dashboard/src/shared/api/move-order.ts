import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Order } from 'shared-contracts/money';
import type { OrderMove } from 'shared-contracts/order-lifecycle';
import { queryKeys } from 'web-kit/query-keys';

/**
 * POST /orders/{transactionId}/hand-over (seller) | confirm (buyer) | cancel (seller, refunds the
 * buyer in full): one move of the order lifecycle (shared-contracts/order-lifecycle.ts). The API
 * decides whether the reader may make it now; the pages offer only the order's `actions`.
 */
export const moveOrder = (transactionId: number, move: OrderMove) =>
  apiRequest<Order>(`/orders/${transactionId}/${move}`, { method: 'POST', auth: true });

/**
 * What an order's money touches: both sides' orders (and the receipt), its dispute, the seller's
 * balance, the bookings lists and the summary cards.
 */
export const invalidateOrders = (queryClient: QueryClient) =>
  Promise.all(
    [
      queryKeys.orders.all(),
      ['disputes'],
      ['balance'],
      ['bookings'],
      ['my-buyers'],
      ['dashboard-summary'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

/** A move, then everything it changes is fetched again — after a refusal too: a 409 means the page was stale. */
export const useMoveOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, move }: { transactionId: number; move: OrderMove }) =>
      moveOrder(transactionId, move),
    onSettled: () => invalidateOrders(queryClient),
  });
};
