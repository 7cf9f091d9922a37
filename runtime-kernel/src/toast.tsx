import { lazy, Suspense, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import type * as NotificationsLibrary from '@mantine/notifications';
import type { NotificationData, NotificationsProps } from '@mantine/notifications';

// docs/product.md#notifications toast durations: blank/error/custom 4000 ms, success 2000 ms, loading never expires.
export const TOAST_DURATIONS = { blank: 4000, error: 4000, success: 2000, custom: 4000 } as const;
export const TOAST_LIMIT = 20;
export const TOAST_MAX_WIDTH = 350;

// Most visits never show a toast, so the toast library (@mantine/notifications with
// react-transition-group, about 7 KB compressed) is not part of the first load: it is fetched with
// the first toast, and only then is the viewport mounted (docs/decisions/0016-first-load-budget.md).
type NotificationsModule = typeof NotificationsLibrary;
let library: Promise<NotificationsModule> | undefined;
/** The viewport of the current attempt to load the library (a lazy component caches its result). */
let Viewport: LazyExoticComponent<ComponentType<NotificationsProps>> | null = null;
const viewportListeners = new Set<() => void>();

function loadLibrary(): Promise<NotificationsModule> {
  if (!library) {
    const attempt = import('@mantine/notifications');
    library = attempt;
    // A failed fetch (a flaky phone network) is tried again by the next toast, with a new viewport.
    attempt.catch(() => {
      if (library === attempt) library = undefined;
    });
    Viewport = lazy((): Promise<{ default: ComponentType<NotificationsProps> }> =>
      attempt.then(
        ({ Notifications }) => ({ default: Notifications }),
        // The toasts of this attempt are lost, never the page: the viewport stays empty.
        () => ({ default: () => null }),
      ),
    );
    viewportListeners.forEach((notify) => notify());
  }
  return library;
}

let lastId = 0;

/** Shows a toast and answers its id at once, as Mantine does, though the library may still be on its way. */
function show(data: NotificationData): string {
  const id = data.id ?? `toast-${++lastId}`;
  loadLibrary().then(
    ({ notifications }) => notifications.show({ ...data, id }),
    (error: unknown) => console.error('The toast could not be shown', data.message, error),
  );
  return id;
}

export const toast = {
  blank: (message: string) => show({ message, autoClose: TOAST_DURATIONS.blank }),
  success: (message: string) => show({ message, color: 'green', autoClose: TOAST_DURATIONS.success }),
  error: (message: string) => show({ message, color: 'red', autoClose: TOAST_DURATIONS.error }),
  loading: (message: string) => show({ message, loading: true, autoClose: false }),
  /** A toast with its own content (title, icon, colour), kept for the product's 4000 ms. */
  custom: (data: NotificationData) => show({ autoClose: TOAST_DURATIONS.custom, ...data }),
  // Nothing to hide before the first toast; after it, the hide queues behind the shows.
  dismiss: (id: string) => void library?.then(({ notifications }) => notifications.hide(id)),
};

const subscribe = (notify: () => void) => {
  viewportListeners.add(notify);
  return () => viewportListeners.delete(notify);
};
const currentViewport = () => Viewport;

/**
 * Where toasts appear (top centre, at most TOAST_LIMIT, TOAST_MAX_WIDTH wide). It renders nothing,
 * on the server and in the browser, until the first toast asks for the library.
 */
export function ToastViewport() {
  const Notifications = useSyncExternalStore(subscribe, currentViewport, () => null);
  if (!Notifications) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position="top-center"
        limit={TOAST_LIMIT}
        zIndex={10_000}
        containerWidth={TOAST_MAX_WIDTH}
      />
    </Suspense>
  );
}
