import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'shared-auth';
import type { Product } from 'shared-contracts/products';
import { apiListQuery, type ListParams, type ListSpec } from '@/shared/lib/list-params';

/** The list contract of GET /add-products: newest first; `q` matches the product name; `status` is the sales status. */
export const MY_PRODUCTS_LIST: ListSpec = {
  sorts: { createdAt: 'desc', name: 'asc', price: 'asc', status: 'asc' },
  filters: { status: { values: ['available', 'booked', 'sold'] } },
  pageSize: 10,
};

/** GET /add-products?email= (seller, with the token): the seller's own listings; one page and the total. */
export const getMyProducts = (email: string, params: ListParams) =>
  apiRequestPage<Product>(`/add-products?${apiListQuery(MY_PRODUCTS_LIST, params, { email })}`, {
    auth: true,
  });

export const myProductsQueryOptions = (email: string, params: ListParams) =>
  queryOptions({
    queryKey: ['add-products', email, params],
    queryFn: () => getMyProducts(email, params),
    placeholderData: keepPreviousData,
  });

export const useMyProducts = (email: string, params: ListParams) =>
  useQuery(myProductsQueryOptions(email, params));
