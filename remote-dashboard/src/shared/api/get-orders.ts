import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Order } from 'shared-contracts/money';
import { queryKeys } from 'web-kit/query-keys';

/** Which side of its paid orders a reader lists: My Orders (buyer) or My Buyers (seller). */
export type OrderSide = 'buyer' | 'seller';

/** GET /orders?as=buyer|seller: the reader's paid orders or sales, newest first (docs/product.md#money). */
export const getOrders = (as: OrderSide, signal?: AbortSignal) =>
  apiRequest<Order[]>(`/orders?as=${as}`, { auth: true, signal });

export const ordersQueryOptions = (uid: string, as: OrderSide) =>
  queryOptions({
    queryKey: queryKeys.orders.list(uid, as),
    queryFn: ({ signal }) => getOrders(as, signal),
  });

export const useOrders = (uid: string, as: OrderSide) => useQuery(ordersQueryOptions(uid, as));
