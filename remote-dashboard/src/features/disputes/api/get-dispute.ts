import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Dispute } from 'shared-contracts/money';

/** GET /disputes/{id}: one dispute with its order, for the operator's review. */
export const getDispute = (id: string) =>
  apiRequest<Dispute>(`/disputes/${encodeURIComponent(id)}`, { auth: true });

export const disputeQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['disputes', 'review', id], queryFn: () => getDispute(id) });

export const useDispute = (id: string) => useQuery(disputeQueryOptions(id));
