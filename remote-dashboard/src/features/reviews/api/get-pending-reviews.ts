import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { PendingReview } from 'shared-contracts/reviews';
import { queryKeys } from 'web-kit/query-keys';

/** GET /reviews/pending (buyer): finished deals not reviewed yet. */
export const getPendingReviews = () => apiRequest<PendingReview[]>('/reviews/pending', { auth: true });

export const pendingReviewsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.reviews.pending(), queryFn: getPendingReviews });

export const usePendingReviews = (enabled: boolean) => useQuery({ ...pendingReviewsQueryOptions(), enabled });
