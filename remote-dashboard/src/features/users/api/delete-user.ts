import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { DeleteResult } from 'shared-contracts/errors';
import type { ListedRole } from './get-users';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

/** DELETE /seller/{id} or /buyer/{id}, with the token (the original client forgot it; the API requires it). */
export const deleteUser = (role: ListedRole, id: string) =>
  apiRequest<DeleteResult>(`/${role}/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

export const useDeleteUser = (role: ListedRole) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteUser(role, id),
    // docs/product.md#dashboard: lists refetch after a delete. A seller's listings leave the catalog with them.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [role] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard-summary'] }),
        invalidateCatalog(queryClient),
      ]),
  });
};
