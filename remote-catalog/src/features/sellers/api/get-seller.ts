import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { SellerProfile } from 'shared-contracts/reviews';
import { queryKeys } from 'web-kit/query-keys';

export const SELLER_LISTINGS_LIMIT = 12;

export const getSeller = (id: string, page: number) =>
  apiRequest<SellerProfile>(`/sellers/${encodeURIComponent(id)}?page=${page}&limit=${SELLER_LISTINGS_LIMIT}`);

export const sellerQueryOptions = (id: string, page: number) =>
  queryOptions({ queryKey: queryKeys.catalog.seller(id, page), queryFn: () => getSeller(id, page) });

// Another page of listings keeps the header and the previous cards on screen while it loads.
export const useSeller = (id: string, page: number) =>
  useQuery({ ...sellerQueryOptions(id, page), placeholderData: keepPreviousData, retryOnMount: false });
