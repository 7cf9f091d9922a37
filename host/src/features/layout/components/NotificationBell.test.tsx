import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'runtime-kernel';
import { renderWithProviders, setSession, testBuyer } from 'web-kit/testing/render';
import { answer } from 'web-testing/fake-api';
import type { Notification, NotificationFeed } from 'shared-contracts/notifications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotificationBell } from './NotificationBell';

const item = (id: string, over: Partial<Notification> = {}): Notification => ({
  _id: id,
  kind: 'booking-accepted',
  params: { productName: `Laptop ${id}` },
  link: '/dashboard/my-orders',
  createdAt: new Date().toISOString(),
  read: false,
  ...over,
});

/** The API's two notification routes; every request is recorded (the live stream stays down). */
function serve(feed: NotificationFeed) {
  const { calls } = answer({
    'GET /notifications': feed,
    'POST /notifications/read': { acknowledged: true, marked: 1 },
  });
  return {
    get sent() {
      return calls
        .filter((c) => c.path !== '/events')
        .map(({ method, path, body }) => ({ method, path, body }));
    },
  };
}

beforeEach(() => setSession(testBuyer));
afterEach(() => {
  useAuthStore.getState().setLanguage('en');
});

describe('NotificationBell', () => {
  it('asks nothing while the user comes only from the signed-in hint, and asks once Firebase confirms', async () => {
    const api = serve({ unread: 1, items: [item('1')] });
    // A page painted from the hint cookie: Firebase has not loaded, so there is no token to spend.
    useAuthStore.setState({ sessionConfirmed: false });
    renderWithProviders(<NotificationBell uid={testBuyer.uid} />);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.sent).toEqual([]);

    useAuthStore.getState().confirmSession();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(api.sent).toEqual([{ method: 'GET', path: '/notifications', body: undefined }]);
  });

  it('shows the unread count, lists the latest events as links, and marks read up to the newest shown', async () => {
    const api = serve({
      unread: 2,
      items: [
        item('7', {
          kind: 'message',
          params: { actorName: 'Rafi', productName: 'ThinkPad X1' },
          link: '/dashboard/messages/c1',
        }),
        item('6', { kind: 'saved-price-drop', params: { productName: 'MacBook Air', price: 89500 } }),
        item('5', { read: true }),
      ],
    });
    renderWithProviders(<NotificationBell uid={testBuyer.uid} />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);

    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    // The button says it opened the panel; the count's wrapper carries no ARIA of its own (axe).
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('notification-count')).not.toHaveAttribute('aria-expanded');
    // The list's sentences are a chunk of their own, loaded on this first opening.
    const links = await within(panel).findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      expect.stringContaining('New: Rafi sent you a message about ThinkPad X1'),
      expect.stringContaining('New: MacBook Air, which you saved, is now ৳89,500'),
      expect.stringContaining('Your booking of Laptop 5 was accepted'),
    ]);
    expect(links[0]).toHaveAttribute('href', '/dashboard/messages/c1');
    expect(links[2]?.textContent).not.toContain('New:');
    await waitFor(() =>
      expect(api.sent).toContainEqual({ method: 'POST', path: '/notifications/read', body: { upTo: '7' } }),
    );
  });

  it('says so when there is nothing, and does not mark anything read', async () => {
    const api = serve({ unread: 0, items: [] });
    renderWithProviders(<NotificationBell uid={testBuyer.uid} />);
    await waitFor(() => expect(api.sent).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing new yet/)).toBeInTheDocument();
    expect(api.sent.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('words events in Bangla with Bangla digits', async () => {
    useAuthStore.getState().setLanguage('bn');
    serve({
      unread: 12,
      items: [
        item('3', { kind: 'booking-requested', params: { actorName: 'Rafi', productName: 'ThinkPad' } }),
      ],
    });
    renderWithProviders(<NotificationBell uid={testBuyer.uid} />);
    await userEvent.click(await screen.findByRole('button', { name: 'বিজ্ঞপ্তি, ১২টি পড়া হয়নি' }));
    expect(await screen.findByRole('link')).toHaveTextContent('Rafi ThinkPad বুক করতে চেয়েছেন');
  });
});
