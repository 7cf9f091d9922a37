import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Booking } from 'shared-contracts/bookings';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /bookings: newest first; `q` matches the product name; `paid` keeps paid or unpaid. */
export const MY_ORDERS_LIST: ListSpec = {
  sorts: { date: 'desc', productName: 'asc', price: 'asc' },
  filters: { paid: { values: ['true', 'false'] } },
  pageSize: 10,
};

/** GET /bookings (with the token): the caller's bookings, with paid flag and product status (no `email`: see get-my-products). */
export const getMyOrders = (params: ListParams) =>
  apiRequestPage<Booking>(`/bookings?${apiListQuery(MY_ORDERS_LIST, params)}`, { auth: true });

// Keyed by the user's uid: the answer depends on who is signed in although the URL does not.
export const myOrdersQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: ['bookings', uid, params],
    queryFn: () => getMyOrders(params),
    placeholderData: keepPreviousData,
  });

export const useMyOrders = (uid: string, params: ListParams) => useQuery(myOrdersQueryOptions(uid, params));
