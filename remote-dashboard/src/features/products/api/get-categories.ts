import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'shared-auth';
import type { CategoryList } from 'shared-contracts/categories';

export const getCategories = () => apiRequest<CategoryList>('/category');

// SPEC §7: cache key 'category' (shared with the catalog's brand strip through the one QueryClient).
export const categoriesQueryOptions = () => queryOptions({ queryKey: ['category'], queryFn: getCategories });

export const useCategories = () => useQuery(categoriesQueryOptions());
