import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { InsertResult } from 'shared-contracts/errors';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

/**
 * POST /add-advertise {productId}. The API copies nothing from the body but the id; the answer's
 * `acknowledged: false` means the product was already advertised.
 */
export const advertiseProduct = (productId: string) =>
  apiRequest<InsertResult>('/add-advertise', { method: 'POST', body: { productId }, auth: true });

export const useAdvertiseProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advertiseProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['add-products'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard-summary'] }),
        invalidateCatalog(queryClient),
      ]),
  });
};
