import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'shared-auth';

/** POST /notifications/read: read up to the newest one the bell showed (a newer one stays unread). */
export const markNotificationsRead = (upTo: string) =>
  apiRequest<{ acknowledged: true; marked: number }>('/notifications/read', {
    method: 'POST',
    body: { upTo },
    auth: true,
  });

export const useMarkNotificationsRead = (uid: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications', uid] }),
  });
};
