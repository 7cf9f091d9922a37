import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { MyProduct } from 'shared-contracts/products';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /add-products: newest first; `q` matches the product name; `status` is the sales status. */
export const MY_PRODUCTS_LIST: ListSpec = {
  sorts: { createdAt: 'desc', name: 'asc', price: 'asc', status: 'asc' },
  filters: { status: { values: ['available', 'booked', 'sold'] } },
  pageSize: 10,
};

/**
 * GET /add-products (seller, with the token): the caller's own listings; one page and the total.
 * No `email`: the API answers for the token's user, so the page need not wait for Firebase to
 * tell the e-mail (the session hint has only the uid).
 */
export const getMyProducts = (params: ListParams) =>
  apiRequestPage<MyProduct>(`/add-products?${apiListQuery(MY_PRODUCTS_LIST, params)}`, { auth: true });

// Keyed by the user's uid: the answer depends on who is signed in although the URL does not.
export const myProductsQueryOptions = (uid: string, params: ListParams) =>
  queryOptions({
    queryKey: ['add-products', uid, params],
    queryFn: () => getMyProducts(params),
    placeholderData: keepPreviousData,
  });

export const useMyProducts = (uid: string, params: ListParams) =>
  useQuery(myProductsQueryOptions(uid, params));
