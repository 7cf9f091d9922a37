import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Acknowledged } from 'shared-contracts/errors';
import { reviewKeys } from 'web-kit/query-keys';

/** POST /reviews/{id}/answer (the reviewed seller, once). */
export const answerReview = (id: string, text: string) =>
  apiRequest<Acknowledged>(`/reviews/${encodeURIComponent(id)}/answer`, {
    method: 'POST',
    body: { text },
    auth: true,
  });

/**
 * `done` runs in the mutation's own callbacks, not mutate()'s: the refetch that follows may unmount
 * the form (a reviewed deal leaves the list), and mutate()'s callbacks die with it.
 */
export const useAnswerReview = (done: { onSuccess: () => void; onError: (error: unknown) => void }) => {
  const queryClient = useQueryClient();
  return useMutation({
    onSuccess: done.onSuccess,
    onError: done.onError,
    mutationFn: ({ id, text }: { id: string; text: string }) => answerReview(id, text),
    onSettled: () => Promise.all(reviewKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
};
