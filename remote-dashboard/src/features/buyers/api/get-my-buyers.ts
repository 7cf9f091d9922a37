import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { MyBuyer } from 'shared-contracts/bookings';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/**
 * The list contract of GET /my-buyers: newest first; `q` matches the buyer's name and e-mail and
 * the product name; `kind` keeps bookings or payments.
 */
export const MY_BUYERS_LIST: ListSpec = {
  sorts: { date: 'desc', name: 'asc', productName: 'asc', price: 'asc' },
  filters: { kind: { values: ['booking', 'payment'] } },
  pageSize: 10,
};

/** GET /my-buyers (seller): who booked or paid for my products; one page and the total. */
export const getMyBuyers = (params: ListParams) =>
  apiRequestPage<MyBuyer>(`/my-buyers?${apiListQuery(MY_BUYERS_LIST, params)}`, { auth: true });

// Keyed by the user's uid: the answer depends on who is signed in although the URL does not.
export const myBuyersQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: ['my-buyers', uid, params],
    queryFn: () => getMyBuyers(params),
    placeholderData: keepPreviousData,
  });

export const useMyBuyers = (uid: string, params: ListParams) => useQuery(myBuyersQueryOptions(uid, params));
