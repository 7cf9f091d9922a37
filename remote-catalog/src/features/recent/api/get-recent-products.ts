import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Product } from 'shared-contracts/products';
import { queryKeys } from 'web-kit/query-keys';

export const RECENT_LIMIT = 8;

export const getRecentProducts = () => apiRequest<Product[]>(`/recent-product?limit=${RECENT_LIMIT}`);

export const recentProductsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.catalog.recent(), queryFn: getRecentProducts });

export const useRecentProducts = () => useQuery(recentProductsQueryOptions());
