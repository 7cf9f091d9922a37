import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'shared-auth';
import type { AdvertisedProduct } from 'shared-contracts/products';

// Newest adverts first; two rows of the four-column grid is what the home page has room for.
export const ADVERTISED_LIMIT = 8;

export const getAdvertisedProducts = () =>
  apiRequest<AdvertisedProduct[]>(`/get-advertise?limit=${ADVERTISED_LIMIT}`);

export const advertisedProductsQueryOptions = () =>
  queryOptions({ queryKey: ['get-advertise'], queryFn: getAdvertisedProducts });

export const useAdvertisedProducts = () => useQuery(advertisedProductsQueryOptions());
