import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { MakeOffer, Offer } from 'shared-contracts/offers';
import { queryKeys } from 'web-kit/query-keys';

export const makeOffer = (input: MakeOffer) =>
  apiRequest<Offer>('/offers', { method: 'POST', body: input, auth: true });

/** POST /offers; the page's offer state and the dashboard's lists are read again. */
export function useMakeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all() }),
  });
}
