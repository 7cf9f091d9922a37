import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from 'shared-contracts/products';
import { fetchAllPages } from '../../../shared/api/fetch-all-pages';

/** GET /add-products?email= (seller, with the token): the seller's own listings, newest first. */
export const getMyProducts = (email: string) => fetchAllPages<Product>('/add-products', { email });

export const myProductsQueryOptions = (email: string) =>
  queryOptions({ queryKey: ['add-products', email], queryFn: () => getMyProducts(email) });

export const useMyProducts = (email: string) => useQuery(myProductsQueryOptions(email));
