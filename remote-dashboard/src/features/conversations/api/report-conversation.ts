import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';

/** POST /conversations/:id/report: it appears in the admins' Reported Items. */
export const reportConversation = (id: string, reason: string) =>
  apiRequest<{ acknowledged: boolean; insertedId: string | null }>(
    `/conversations/${encodeURIComponent(id)}/report`,
    { method: 'POST', auth: true, body: { reason } },
  );

export const useReportConversation = (id: string) =>
  useMutation({ mutationFn: (reason: string) => reportConversation(id, reason) });
