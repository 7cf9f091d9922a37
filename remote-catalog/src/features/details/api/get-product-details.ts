import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Product } from 'shared-contracts/products';
import { queryKeys } from 'web-kit/query-keys';

export const getProductDetails = (id: string) => apiRequest<Product>(`/details/${encodeURIComponent(id)}`);

export const productDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.catalog.details(id), queryFn: () => getProductDetails(id) });

// An error the loader already met (unknown id) is shown at once, not fetched again.
export const useProductDetails = (id: string) =>
  useQuery({ ...productDetailsQueryOptions(id), retryOnMount: false });
