import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { BookingMove, BookingMoveResult } from 'shared-contracts/bookings';
import { invalidateCatalog } from './invalidate-catalog';

/**
 * POST /bookings/{id}/accept | decline | cancel | complete: one move of the booking lifecycle
 * (docs/product.md#booking-lifecycle). The API decides whether the caller's side may make it in
 * the booking's state; the pages only offer the moves its list answered as `actions`.
 */
export const moveBooking = (id: string, move: BookingMove) =>
  apiRequest<BookingMoveResult>(`/bookings/${encodeURIComponent(id)}/${move}`, {
    method: 'POST',
    auth: true,
  });

/**
 * A move, then both sides' lists, the summary cards and the catalog (the listing's status may
 * have changed) are fetched again — after a refusal too, since a 409 means the page was stale.
 */
export const useMoveBooking = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, move }: { id: string; move: BookingMove }) => moveBooking(id, move),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
        queryClient.invalidateQueries({ queryKey: ['my-buyers'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard-summary'] }),
        invalidateCatalog(queryClient),
      ]),
  });
};
