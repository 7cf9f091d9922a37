import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Product } from 'shared-contracts/products';

/**
 * GET /details/{id} with the seller's token: one of their listings as the API holds it, so the
 * Complete the specs page starts from what was read (specsRead) and shows the seller's own contact.
 */
export const getOwnProduct = (id: string) =>
  apiRequest<Product>(`/details/${encodeURIComponent(id)}`, { auth: true });

// Keyed by the user's uid: a signed-in answer depends on who asks although the URL does not.
export const ownProductQueryOptions = (uid: string, id: string) =>
  queryOptions({ queryKey: ['add-products', uid, 'one', id], queryFn: () => getOwnProduct(id) });

export const useOwnProduct = (uid: string, id: string) => useQuery(ownProductQueryOptions(uid, id));
