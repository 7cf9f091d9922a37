import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { AdvertisedProduct } from 'shared-contracts/products';
import { queryKeys } from 'web-kit/query-keys';

// Newest adverts first; two rows of the four-column grid is what the home page has room for.
export const ADVERTISED_LIMIT = 8;

export const getAdvertisedProducts = () =>
  apiRequest<AdvertisedProduct[]>(`/get-advertise?limit=${ADVERTISED_LIMIT}`);

export const advertisedProductsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.catalog.advertised(), queryFn: getAdvertisedProducts });

export const useAdvertisedProducts = () => useQuery(advertisedProductsQueryOptions());
