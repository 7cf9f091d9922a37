import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { DeleteResult } from 'shared-contracts/errors';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

/** DELETE /add-products/{id}, with the token (the API only lets a seller delete their own). */
export const deleteProduct = (id: string) =>
  apiRequest<DeleteResult>(`/add-products/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export const useDeleteProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['add-products'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard-summary'] }),
        invalidateCatalog(queryClient),
      ]),
  });
};
