import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { CreateBooking } from 'shared-contracts/bookings';
import type { InsertResult } from 'shared-contracts/errors';

/** POST /bookings: the server takes buyer and product details from its database, not from here. */
export function createBooking(input: CreateBooking): Promise<InsertResult> {
  return apiRequest<InsertResult>('/bookings', { method: 'POST', body: input, auth: true });
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    // A booking changes My Orders and the product's sales status, which several remotes' lists
    // show under keys checkout does not own: refetch whatever is on screen.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
