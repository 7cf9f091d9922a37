import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from 'shared-contracts/money';
import { renderPage, signIn } from '@/test/render';
import { TEST_API, answer } from 'web-testing/fake-api';
import MyBuyersPage from './MyBuyersPage';

const sale = (id: number, over: Partial<Order> = {}): Order => ({
  transactionId: id,
  productId: `prod-${id}`,
  productName: `Laptop ${id}`,
  image: `${TEST_API}/images/laptop-${id}.webp`,
  buyerName: 'Bina Buyer',
  sellerName: 'Sami Seller',
  amountPaisa: 8_950_000,
  currency: 'BDT',
  funds: 'held',
  paidAt: '2026-03-01T10:00:00.000Z',
  handedOverAt: null,
  releasedAt: null,
  refundedAt: null,
  deadline: '2026-03-08T10:00:00.000Z',
  releasedPaisa: 0,
  feePaisa: 0,
  refunds: [],
  disputeId: null,
  actions: ['hand-over', 'cancel'],
  ...over,
});

const paidOnline = async () => {
  await screen.findByRole('list', { name: 'Paid online' });
  return screen.getByRole('region', { name: 'Paid online' });
};
const card = (id: number) => screen.getByTestId(`order-${id}`);

describe('My Buyers: paid online', () => {
  beforeEach(() => signIn('seller', 'seller@example.test'));

  it('lists the sales with the buyer, the amount, the badge, the days and the deadline', async () => {
    const api = answer({
      'GET /my-buyers': [],
      'GET /orders': [
        sale(1),
        sale(2, {
          funds: 'handed-over',
          handedOverAt: '2026-03-02T10:00:00.000Z',
          deadline: '2026-03-05T10:00:00.000Z',
          actions: [],
        }),
        sale(3, {
          funds: 'released',
          handedOverAt: '2026-03-02T10:00:00.000Z',
          releasedAt: '2026-03-04T10:00:00.000Z',
          releasedPaisa: 8_700_000,
          feePaisa: 250_000,
          deadline: null,
          actions: [],
        }),
        sale(4, { funds: 'disputed', deadline: null, actions: [], disputeId: 'd4' }),
      ],
    });
    renderPage(<MyBuyersPage />, { route: '/dashboard/my-buyers' });
    await paidOnline();
    expect(api.calls.find((c) => c.path === '/orders')?.query.get('as')).toBe('seller');
    expect(card(1)).toHaveTextContent('Bought by Bina Buyer · ৳89,500');
    expect(within(card(1)).getByText('held')).toBeInTheDocument();
    expect(card(1)).toHaveTextContent('Paid on 1 Mar 2026');
    expect(card(1)).toHaveTextContent('Hand it over by 8 Mar 2026, or the buyer is refunded automatically');
    expect(card(2)).toHaveTextContent(
      'Waiting for the buyer to confirm receipt — released to you automatically on 5 Mar 2026',
    );
    expect(card(3)).toHaveTextContent('৳87,000 released to your balance');
    expect(card(3)).toHaveTextContent('Released on 4 Mar 2026');
    expect(card(4)).toHaveTextContent(
      'The buyer reported a problem: the money stays held until SecondByte decides',
    );
    expect(within(card(4)).getByRole('link', { name: 'View the dispute' })).toHaveAttribute(
      'href',
      '/dashboard/disputes/d4',
    );
  });

  it('offers Mark handed over and Cancel and refund on a held sale only, never the buyer’s moves', async () => {
    answer({
      'GET /my-buyers': [],
      'GET /orders': [sale(1), sale(2, { funds: 'handed-over', actions: [] })],
    });
    renderPage(<MyBuyersPage />);
    await paidOnline();
    expect(
      within(card(1))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mark handed over', 'Cancel and refund']);
    expect(within(card(2)).queryByRole('button')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Confirm receipt|Report a problem/ }),
    ).not.toBeInTheDocument();
  });

  it('marks a sale handed over after asking, then POSTs and shows the new deadline', async () => {
    let handed = false;
    const api = answer({
      'GET /my-buyers': [],
      'GET /orders': () => [
        handed
          ? sale(1, {
              funds: 'handed-over',
              handedOverAt: '2026-03-02T10:00:00.000Z',
              deadline: '2026-03-05T10:00:00.000Z',
              actions: [],
            })
          : sale(1),
      ],
      'POST /orders/1/hand-over': () => {
        handed = true;
        return sale(1, { funds: 'handed-over', actions: [] });
      },
    });
    renderPage(<MyBuyersPage />);
    await paidOnline();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Mark handed over: Laptop 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as handed over?' });
    expect(dialog).toHaveTextContent('Confirm that Bina Buyer has Laptop 1.');
    await u.click(within(dialog).getByRole('button', { name: 'Mark handed over' }));
    expect(await screen.findByText('Marked as handed over; the buyer has been told')).toBeInTheDocument();
    await waitFor(() => expect(card(1)).toHaveTextContent('Handed over on 2 Mar 2026'));
    expect(api.count('POST', '/orders/1/hand-over')).toBe(1);
  });

  it('cancels and refunds only after a red confirmation', async () => {
    const api = answer({
      'GET /my-buyers': [],
      'GET /orders': [sale(1)],
      'POST /orders/1/cancel': sale(1, { funds: 'refunded', actions: [] }),
    });
    renderPage(<MyBuyersPage />);
    await paidOnline();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Cancel and refund: Laptop 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel and refund?' });
    expect(dialog).toHaveTextContent(
      'Bina Buyer gets ৳89,500 back in full, and Laptop 1 is for sale again. This cannot be undone.',
    );
    // The safe choice holds the focus.
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toHaveFocus();
    await u.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(api.count('POST', '/orders/1/cancel')).toBe(0);
    await u.click(screen.getByRole('button', { name: 'Cancel and refund: Laptop 1' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Cancel and refund?' })).getByRole('button', {
        name: 'Cancel and refund',
      }),
    );
    expect(await screen.findByText('Order cancelled; the buyer is being refunded')).toBeInTheDocument();
    expect(api.count('POST', '/orders/1/cancel')).toBe(1);
  });
});
