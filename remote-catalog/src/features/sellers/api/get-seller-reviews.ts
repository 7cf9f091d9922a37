import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Review } from 'shared-contracts/reviews';
import { queryKeys } from 'web-kit/query-keys';

export const SELLER_REVIEWS_LIMIT = 10;

export const getSellerReviews = (id: string, page: number) =>
  apiRequestPage<Review>(
    `/sellers/${encodeURIComponent(id)}/reviews?page=${page}&limit=${SELLER_REVIEWS_LIMIT}`,
  );

export const sellerReviewsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.catalog.sellerReviews(id, page),
    queryFn: () => getSellerReviews(id, page),
  });

export const useSellerReviews = (id: string, page: number) =>
  useQuery({ ...sellerReviewsQueryOptions(id, page), placeholderData: keepPreviousData });
