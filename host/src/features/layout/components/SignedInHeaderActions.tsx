import { MessagesLink } from './MessagesLink';
import { NotificationBell } from './NotificationBell';

/**
 * The envelope and the bell, in their own chunk: a signed-out visitor (most first loads of the home
 * page) never downloads them or the notification and message calls behind them.
 */
export default function SignedInHeaderActions({ uid }: { uid: string }) {
  return (
    <>
      <MessagesLink uid={uid} />
      <NotificationBell uid={uid} />
    </>
  );
}
