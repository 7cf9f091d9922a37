import { apiRequest } from 'runtime-kernel';
import type { SavedSearchSaved } from 'shared-contracts/saved-searches';

/**
 * POST /saved-searches with the search page's query string; `created` is false when this search
 * was saved already (the same row, docs/product.md#saved-searches).
 */
export const saveSearch = (query: string) =>
  apiRequest<SavedSearchSaved>('/saved-searches', { method: 'POST', body: { query }, auth: true });
