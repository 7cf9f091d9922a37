import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { Acknowledged } from 'shared-contracts/errors';
import { invalidateCatalog } from '@/shared/api/invalidate-catalog';

export type ReportResolution = 'dismiss' | 'remove-listing';

/** POST /reports/{id}/dismiss or /remove-listing (admin only). Removing settles every open report of that listing. */
export const resolveReport = (id: string, action: ReportResolution) =>
  apiRequest<Acknowledged>(`/reports/${encodeURIComponent(id)}/${action}`, { method: 'POST', auth: true });

export const useResolveReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ReportResolution }) => resolveReport(id, action),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['reports'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard-summary'] }),
        invalidateCatalog(queryClient),
      ]),
  });
};
