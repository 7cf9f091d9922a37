import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { AdminVerification } from 'shared-contracts/verifications';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

export type VerificationDecision =
  { id: string; move: 'approve' } | { id: string; move: 'refuse'; reason: string };

/** POST /admin/verifications/{id}/approve or /refuse {reason} (admin only). */
export const decideVerification = (decision: VerificationDecision) =>
  apiRequest<AdminVerification>(`/admin/verifications/${encodeURIComponent(decision.id)}/${decision.move}`, {
    method: 'POST',
    auth: true,
    ...(decision.move === 'refuse' ? { body: { reason: decision.reason } } : {}),
  });

export const useDecideVerification = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin-verifications'] }),
        // The badge shows on the listing's cards and details page.
        invalidateCatalog(queryClient),
      ]),
  });
};
