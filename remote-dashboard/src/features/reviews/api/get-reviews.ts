import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequestPage } from 'runtime-kernel';
import type { Review } from 'shared-contracts/reviews';
import { queryKeys } from 'web-kit/query-keys';

export const REVIEWS_PAGE_SIZE = 10;

/** The buyer's given reviews or the seller's received ones: GET /reviews/given or /reviews/received. */
export type ReviewsSide = 'given' | 'received';

export const getReviews = (side: ReviewsSide, page: number) =>
  apiRequestPage<Review>(`/reviews/${side}?page=${page}&limit=${REVIEWS_PAGE_SIZE}`, { auth: true });

export const reviewsQueryOptions = (side: ReviewsSide, page: number) =>
  queryOptions({
    queryKey: side === 'given' ? queryKeys.reviews.given(page) : queryKeys.reviews.received(page),
    queryFn: () => getReviews(side, page),
  });

export const useReviews = (side: ReviewsSide, page: number, enabled: boolean) =>
  useQuery({ ...reviewsQueryOptions(side, page), placeholderData: keepPreviousData, enabled });
