import { notifications, type NotificationData } from '@mantine/notifications';

// docs/product.md#notifications toast durations: blank/error/custom 4000 ms, success 2000 ms, loading never expires.
export const TOAST_DURATIONS = { blank: 4000, error: 4000, success: 2000, custom: 4000 } as const;
export const TOAST_LIMIT = 20;
export const TOAST_MAX_WIDTH = 350;

export const toast = {
  blank: (message: string) => notifications.show({ message, autoClose: TOAST_DURATIONS.blank }),
  success: (message: string) =>
    notifications.show({ message, color: 'green', autoClose: TOAST_DURATIONS.success }),
  error: (message: string) => notifications.show({ message, color: 'red', autoClose: TOAST_DURATIONS.error }),
  loading: (message: string) => notifications.show({ message, loading: true, autoClose: false }),
  /** A toast with its own content (title, icon, colour), kept for the spec's 4000 ms. */
  custom: (data: NotificationData) => notifications.show({ autoClose: TOAST_DURATIONS.custom, ...data }),
  dismiss: (id: string) => notifications.hide(id),
};
