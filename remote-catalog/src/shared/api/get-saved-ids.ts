import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { SavedIds } from 'shared-contracts/saved';
import { queryKeys } from 'web-kit/query-keys';

/** GET /saved/ids: the listings the signed-in user saved, for the hearts (docs/product.md#saved-laptops). */
export const getSavedIds = () => apiRequest<SavedIds>('/saved/ids', { auth: true });

export const savedIdsQueryOptions = (uid: string) =>
  queryOptions({ queryKey: queryKeys.saved.ids(uid), queryFn: getSavedIds, select: (data) => data.ids });
