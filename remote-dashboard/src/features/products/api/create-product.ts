import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { InsertResult } from 'shared-contracts/errors';
import type { CreateProduct } from 'shared-contracts/products';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

/** POST /add-products (seller, with the token). */
export const createProduct = (product: CreateProduct) =>
  apiRequest<InsertResult>('/add-products', { method: 'POST', body: product, auth: true });

export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['add-products'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard-summary'] }),
        invalidateCatalog(queryClient),
      ]),
  });
};
