import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'shared-auth';
import type { CategoryList } from 'shared-contracts/categories';

export const getCategories = () => apiRequest<CategoryList>('/category');

// docs/product.md#cache-keys: cache key 'category'.
export const categoriesQueryOptions = () => queryOptions({ queryKey: ['category'], queryFn: getCategories });

export const useCategories = () => useQuery(categoriesQueryOptions());
