import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Order } from 'shared-contracts/money';
import { queryKeys } from 'web-kit/query-keys';

/** GET /orders/{transactionId}: where the money of a paid order is (its buyer, seller or an admin). */
export const fetchOrder = (transactionId: number, signal?: AbortSignal) =>
  apiRequest<Order>(`/orders/${transactionId}`, { auth: true, signal });

// The dashboard's moves on the order (confirm, dispute) invalidate the same key (web-kit/query-keys).
export const orderQueryOptions = (viewerUid: string, transactionId: number) =>
  queryOptions({
    queryKey: queryKeys.orders.one(viewerUid, transactionId),
    queryFn: ({ signal }) => fetchOrder(transactionId, signal),
  });

/** Asked only once the payment is paid: before that there is no money to hold. */
export const useOrder = (transactionId: number, viewerUid: string, enabled: boolean) =>
  useQuery({ ...orderQueryOptions(viewerUid, transactionId), enabled });
