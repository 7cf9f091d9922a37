import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from 'shared-auth';
import type { Product } from 'shared-contracts/products';

// The API answers plain arrays in pages; a short page means there is nothing more to load.
export const CATEGORY_PAGE_SIZE = 24;

export const getCategoryProducts = (categoryId: string, page: number) =>
  apiRequest<Product[]>(
    `/category/products/${encodeURIComponent(categoryId)}?page=${page}&limit=${CATEGORY_PAGE_SIZE}`,
  );

export const categoryProductsQueryOptions = (categoryId: string) =>
  infiniteQueryOptions({
    queryKey: ['category-products', categoryId],
    queryFn: ({ pageParam }) => getCategoryProducts(categoryId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (lastPage, _all, lastPageParam) =>
      lastPage.length === CATEGORY_PAGE_SIZE ? lastPageParam + 1 : undefined,
  });

export const useCategoryProducts = (categoryId: string) =>
  // An error the loader already met (unknown category) is shown at once, not fetched again.
  useInfiniteQuery({ ...categoryProductsQueryOptions(categoryId), retryOnMount: false });
