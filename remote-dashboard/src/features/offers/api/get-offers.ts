import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import { OfferStates } from 'shared-contracts/offer-lifecycle';
import type { Offer } from 'shared-contracts/offers';
import { queryKeys } from 'web-kit/query-keys';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /offers and /offers/received: newest first; `q` matches the product name. */
export const OFFERS_LIST: ListSpec = {
  sorts: { date: 'desc', productName: 'asc', amount: 'asc' },
  filters: { state: { values: OfferStates } },
  pageSize: 10,
};

/** Whose offers: the buyer's own (My offers) or those on the seller's listings. */
export type OfferSide = 'buyer' | 'seller';
const PATHS: Record<OfferSide, string> = { buyer: '/offers', seller: '/offers/received' };

export const getOffers = (side: OfferSide, params: ListParams) =>
  apiRequestPage<Offer>(`${PATHS[side]}?${apiListQuery(OFFERS_LIST, params)}`, { auth: true });

// Keyed by the user's uid: the answer (and each row's actions) depends on who asks.
export const offersQueryOptions = (uid: string, side: OfferSide, params: ListParams) =>
  queryOptions({
    queryKey: queryKeys.offers.list(uid, side, JSON.stringify(params)),
    queryFn: () => getOffers(side, params),
    placeholderData: keepPreviousData,
  });

export const useOffers = (uid: string, side: OfferSide, params: ListParams) =>
  useQuery(offersQueryOptions(uid, side, params));
