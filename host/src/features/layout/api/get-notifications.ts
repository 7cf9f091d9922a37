import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, useConfirmedUid } from 'runtime-kernel';
import type { NotificationFeed } from 'shared-contracts/notifications';

/** GET /notifications (with the token): the latest events and how many are unread. */
export const getNotifications = () => apiRequest<NotificationFeed>('/notifications', { auth: true });

// Keyed by the user's uid: the answer depends on who is signed in although the URL does not.
export const notificationsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['notifications', uid],
    queryFn: getNotifications,
    // A live event refetches at once (NotificationBell); this is the net under it when the
    // stream is down, and a tab coming back to the front asks again.
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

// Asked once Firebase has confirmed the hinted user (auth-store's `sessionConfirmed`): the count
// decorates the header and must not pull Firebase into a signed-in page's first load.
export const useNotifications = (uid: string | null) => {
  const confirmedUid = useConfirmedUid();
  return useQuery({ ...notificationsQueryOptions(uid ?? ''), enabled: uid !== null && confirmedUid === uid });
};
