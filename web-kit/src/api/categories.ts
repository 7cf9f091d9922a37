import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { CategoryList } from 'shared-contracts/categories';
import { queryKeys } from '../query-keys';

/** GET /category: the brands, for the catalog's strip and filters and the dashboard's form. */
export const getCategories = () => apiRequest<CategoryList>('/category');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.categories(), queryFn: getCategories });

export const useCategories = () => useQuery(categoriesQueryOptions());
