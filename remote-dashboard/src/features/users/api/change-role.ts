import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, refreshRole, useAuthStore } from 'runtime-kernel';
import type { RoleChangeResult } from 'shared-contracts/users';

export type RoleAction = 'make-admin' | 'revoke-admin';

/** POST /users/{id}/make-admin or /revoke-admin (admin only; the API refuses to remove the last admin). */
export const changeRole = (id: string, action: RoleAction) =>
  apiRequest<RoleChangeResult>(`/users/${encodeURIComponent(id)}/${action}`, { method: 'POST', auth: true });

export const useChangeRole = (action: RoleAction) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => changeRole(id, action),
    onSuccess: async (result) => {
      // An admin who stepped down sees the dashboard of their role from now on.
      if (result.changed && result.email === useAuthStore.getState().user?.email?.toLowerCase()) {
        await refreshRole();
      }
    },
    // The user moves between All Sellers / All Buyers and Admins; the change is in the audit log.
    onSettled: () =>
      Promise.all(
        [['admin'], ['seller'], ['buyer'], ['audit-log'], ['dashboard-summary']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};
