import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { OfferMove } from 'shared-contracts/offer-lifecycle';
import type { Offer } from 'shared-contracts/offers';
import { queryKeys } from 'web-kit/query-keys';

/** POST /offers/{id}/accept | decline | counter (docs/product.md#offers); a counter names its amount. */
export const moveOffer = (id: string, move: OfferMove, amount?: number) =>
  apiRequest<Offer>(`/offers/${encodeURIComponent(id)}/${move}`, {
    method: 'POST',
    auth: true,
    ...(move === 'counter' ? { body: { amount } } : {}),
  });

/** A move, then both lists and the details page's offer are read again (after a refusal too: it was stale). */
export const useMoveOffer = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move, amount }: { id: string; move: OfferMove; amount?: number }) =>
      moveOffer(id, move, amount),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.offers.all() }),
  });
};
