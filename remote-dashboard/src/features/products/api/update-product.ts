import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { UpdateProduct, UpdateProductResult } from 'shared-contracts/products';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

/** PATCH /add-products/{id}: the owner changes the price, whether phone and e-mail show, or the specs. */
export const updateProduct = ({ id, ...body }: UpdateProduct & { id: string }) =>
  apiRequest<UpdateProductResult>(`/add-products/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body,
    auth: true,
  });

export const useUpdateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['add-products'] }),
        invalidateCatalog(queryClient),
      ]),
  });
};
