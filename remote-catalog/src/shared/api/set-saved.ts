import { apiRequest } from 'runtime-kernel';
import type { SavedState } from 'shared-contracts/saved';

/** PUT /saved/:productId saves, DELETE removes; both are idempotent. */
export const setSaved = (productId: string, saved: boolean) =>
  apiRequest<SavedState>(`/saved/${encodeURIComponent(productId)}`, {
    method: saved ? 'PUT' : 'DELETE',
    auth: true,
  });
