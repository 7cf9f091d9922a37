import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'shared-auth';
import type { Booking } from 'shared-contracts/bookings';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /bookings: newest first; `q` matches the product name; `paid` keeps paid or unpaid. */
export const MY_ORDERS_LIST: ListSpec = {
  sorts: { date: 'desc', productName: 'asc', price: 'asc' },
  filters: { paid: { values: ['true', 'false'] } },
  pageSize: 10,
};

/** GET /bookings?email= (with the token): the buyer's bookings, with paid flag and product status. */
export const getMyOrders = (email: string, params: ListParams) =>
  apiRequestPage<Booking>(`/bookings?${apiListQuery(MY_ORDERS_LIST, params, { email })}`, { auth: true });

export const myOrdersQueryOptions = (email: string, params: ListParams) =>
  queryOptions({
    queryKey: ['bookings', email, params],
    queryFn: () => getMyOrders(email, params),
    placeholderData: keepPreviousData,
  });

export const useMyOrders = (email: string, params: ListParams) =>
  useQuery(myOrdersQueryOptions(email, params));
