import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from 'shared-contracts/bookings';
import { fetchAllPages } from '../../../shared/api/fetch-all-pages';

/** GET /bookings?email= (with the token): the buyer's bookings, with paid flag and product status. */
export const getMyOrders = (email: string) => fetchAllPages<Booking>('/bookings', { email });

export const myOrdersQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['bookings', email], queryFn: () => getMyOrders(email) });

export const useMyOrders = (email: string) => useQuery(myOrdersQueryOptions(email));
