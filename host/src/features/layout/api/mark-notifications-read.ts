import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { NotificationFeed } from 'shared-contracts/notifications';

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
    // Only the count drops: the open bell keeps showing which lines were new when it opened.
    onSuccess: ({ marked }) =>
      queryClient.setQueryData<NotificationFeed>(['notifications', uid], (feed) =>
        feed ? { ...feed, unread: Math.max(0, feed.unread - marked) } : feed,
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: ['notifications', uid] }),
  });
};
