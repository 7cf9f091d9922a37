import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { InsertResult } from 'shared-contracts/errors';
import type { CreateReview } from 'shared-contracts/reviews';
import { reviewKeys } from 'web-kit/query-keys';

/** POST /reviews (buyer, once per finished deal). */
export const createReview = (input: CreateReview) =>
  apiRequest<InsertResult>('/reviews', { method: 'POST', body: input, auth: true });

// The seller's stars change on every card and on their page, so those refetch too.
/**
 * `done` runs in the mutation's own callbacks, not mutate()'s: the refetch that follows may unmount
 * the form (a reviewed deal leaves the list), and mutate()'s callbacks die with it.
 */
export const useCreateReview = (done: { onSuccess: () => void; onError: (error: unknown) => void }) => {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: done.onSuccess,
    onError: done.onError,
    mutationFn: createReview,
    onSettled: () => Promise.all(reviewKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
