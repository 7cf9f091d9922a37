import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Dispute } from 'shared-contracts/money';

/** GET /disputes/{id}: the dispute with its order, for its buyer, its seller or an operator. */
export const getDispute = (id: string, signal?: AbortSignal) =>
  apiRequest<Dispute>(`/disputes/${encodeURIComponent(id)}`, { auth: true, signal });

// Keyed by the reader's uid: the order's `actions` depend on who asks. Under 'disputes', which a
// move on the order and an operator's decision invalidate.
export const disputeQueryOptions = (uid: string, id: string) =>
  queryOptions({
    queryKey: ['disputes', 'detail', id, uid],
    queryFn: ({ signal }) => getDispute(id, signal),
  });

export const useDispute = (uid: string, id: string) => useQuery(disputeQueryOptions(uid, id));
