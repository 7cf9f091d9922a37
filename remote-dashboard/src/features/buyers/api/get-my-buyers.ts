import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyBuyer } from 'shared-contracts/bookings';
import { fetchAllPages } from '../../../shared/api/fetch-all-pages';

/** GET /my-buyers (seller): who booked or paid for my products, newest first. */
export const getMyBuyers = () => fetchAllPages<MyBuyer>('/my-buyers');

/**
 * The API lists a paid booking twice: the booking (paid: true, with phone and place) and the
 * payment. One person buying one product is one row for the seller, so the payment row is dropped
 * when a paid booking of the same buyer and product carries the same news.
 */
export function mergeBuyerRows(rows: MyBuyer[]): MyBuyer[] {
  const paidBookings = new Set(
    rows.filter((r) => r.kind === 'booking' && r.paid).map((r) => `${r.productId}|${r.email}`),
  );
  return rows.filter((r) => r.kind !== 'payment' || !paidBookings.has(`${r.productId}|${r.email}`));
}

// Keyed by e-mail: the answer depends on who is signed in although the URL does not.
export const myBuyersQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['my-buyers', email], queryFn: getMyBuyers, select: mergeBuyerRows });

export const useMyBuyers = (email: string) => useQuery(myBuyersQueryOptions(email));
