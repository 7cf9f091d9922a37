import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { Dispute, Order } from 'shared-contracts/money';
import { renderPage, signIn } from '@/test/render';
import { TEST_API, answer, inTurn, NETWORK_ERROR, reply } from 'web-testing/fake-api';
import MyOrdersPage from './MyOrdersPage';

const order = (id: number, over: Partial<Order> = {}): Order => ({
  transactionId: id,
  productId: `prod-${id}`,
  productName: `Laptop ${id}`,
  image: `${TEST_API}/images/laptop-${id}.webp`,
  buyerName: 'Bina Buyer',
  sellerName: 'Sami Seller',
  amountPaisa: 4_150_050,
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
  actions: ['dispute'],
  ...over,
});

const handedOver: Partial<Order> = {
  funds: 'handed-over',
  handedOverAt: '2026-03-03T10:00:00.000Z',
  deadline: '2026-03-06T10:00:00.000Z',
  actions: ['confirm', 'dispute'],
};

const dispute = (over: Partial<Dispute> = {}): Dispute => ({
  _id: 'd1',
  order: order(2, { ...handedOver, funds: 'disputed', deadline: null, actions: [], disputeId: 'd1' }),
  reason: 'damaged',
  text: 'The screen is cracked in the corner.',
  photos: [],
  state: 'open',
  openedAt: '2026-03-04T10:00:00.000Z',
  outcome: null,
  refundPaisa: null,
  note: null,
  resolvedAt: null,
  conversationId: null,
  ...over,
});

/** The "Paid online" section, by its heading, once its orders are listed. */
const paidOnline = async (name = 'Paid online') => {
  await screen.findByRole('list', { name });
  return screen.getByRole('region', { name });
};
const card = (id: number) => screen.getByTestId(`order-${id}`);

describe('My Orders: paid online', () => {
  beforeEach(() => signIn('buyer', 'buyer@example.test'));

  it('lists each order with its badge, days and what happens next, above the bookings', async () => {
    const api = answer({
      'GET /bookings': [],
      'GET /orders': [
        order(1),
        order(2, handedOver),
        order(3, { funds: 'disputed', deadline: null, actions: [], disputeId: 'd3', handedOverAt: null }),
        order(4, {
          funds: 'released',
          handedOverAt: '2026-03-03T10:00:00.000Z',
          releasedAt: '2026-03-05T10:00:00.000Z',
          deadline: null,
          actions: [],
        }),
        order(5, {
          funds: 'refunded',
          refundedAt: '2026-03-02T10:00:00.000Z',
          deadline: null,
          actions: [],
          refunds: [
            {
              _id: 'r1',
              amountPaisa: 4_150_050,
              status: 'pending',
              reason: 'cancelled',
              createdAt: '2026-03-02T10:00:00.000Z',
              settledAt: null,
            },
          ],
        }),
        order(6, {
          funds: 'refunded',
          refundedAt: '2026-03-08T10:00:00.000Z',
          deadline: null,
          actions: [],
          refunds: [
            {
              _id: 'r2',
              amountPaisa: 4_150_050,
              status: 'done',
              reason: 'handover-overdue',
              createdAt: '2026-03-08T10:00:00.000Z',
              settledAt: '2026-03-09T10:00:00.000Z',
            },
          ],
        }),
      ],
    });
    renderPage(<MyOrdersPage />, { route: '/dashboard/my-orders' });
    const section = await paidOnline();
    expect(within(section).getAllByRole('listitem')).toHaveLength(6);
    expect(api.calls.find((c) => c.path === '/orders')?.query.get('as')).toBe('buyer');
    // The section comes before the bookings, whose filter sits with their own heading.
    const bookings = screen.getByRole('heading', { level: 2, name: 'Bookings' });
    expect(section.compareDocumentPosition(bookings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Which orders' })).toBeInTheDocument();
    // A buyer with paid orders is not told they have none.
    expect(await screen.findByText('No bookings yet')).toBeInTheDocument();
    expect(screen.queryByText('You have no orders yet')).not.toBeInTheDocument();

    const held = card(1);
    expect(within(held).getByRole('link', { name: 'Laptop 1' })).toHaveAttribute('href', '/details/prod-1');
    expect(held).toHaveTextContent('Sold by Sami Seller · ৳41,500.50');
    expect(within(held).getByText('held').closest('[title]')).toHaveAttribute(
      'title',
      'SecondByte holds the money until the handover',
    );
    expect(held).toHaveTextContent('Paid on 1 Mar 2026');
    expect(held).toHaveTextContent(
      'The seller has until 8 Mar 2026 to hand it over, or you are refunded automatically',
    );
    expect(card(2)).toHaveTextContent('Paid on 1 Mar 2026 · Handed over on 3 Mar 2026');
    expect(card(2)).toHaveTextContent(
      'Held until you confirm receipt — released automatically on 6 Mar 2026',
    );
    expect(card(3)).toHaveTextContent('Held while SecondByte looks into the problem you reported');
    expect(within(card(3)).getByRole('link', { name: 'View the dispute' })).toHaveAttribute(
      'href',
      '/dashboard/disputes/d3',
    );
    expect(card(4)).toHaveTextContent('Released on 5 Mar 2026');
    expect(within(card(4)).getByText('released')).toBeInTheDocument();
    expect(card(5)).toHaveTextContent('Refund on its way: ৳41,500.50 back to how you paid');
    expect(card(6)).toHaveTextContent('Refund complete: ৳41,500.50 back with you on 9 Mar 2026');
  });

  it('offers the buyer’s moves from the order’s actions, and nothing else', async () => {
    answer({
      'GET /bookings': [],
      'GET /orders': [
        order(1),
        order(2, handedOver),
        order(3, { funds: 'released', deadline: null, actions: [] }),
      ],
    });
    renderPage(<MyOrdersPage />);
    await paidOnline();
    const names = (id: number) =>
      within(card(id))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(names(1)).toEqual(['Report a problem']);
    expect(names(2)).toEqual(['Confirm receipt', 'Report a problem']);
    expect(names(3)).toEqual([]);
    // Never the seller's moves.
    expect(
      screen.queryByRole('button', { name: /Mark handed over|Cancel and refund/ }),
    ).not.toBeInTheDocument();
  });

  it('confirms receipt only after asking, then POSTs and shows the released money', async () => {
    let released = false;
    const api = answer({
      'GET /bookings': [],
      'GET /orders': () => [
        released
          ? order(2, {
              ...handedOver,
              funds: 'released',
              releasedAt: '2026-03-04T10:00:00.000Z',
              deadline: null,
              actions: [],
            })
          : order(2, handedOver),
      ],
      'POST /orders/2/confirm': () => {
        released = true;
        return order(2, { ...handedOver, funds: 'released', actions: [] });
      },
    });
    renderPage(<MyOrdersPage />);
    await paidOnline();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Confirm receipt: Laptop 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm receipt?' });
    expect(dialog).toHaveTextContent(
      'Release ৳41,500.50 to the seller? Do this only once you have the laptop.',
    );
    // Not now is the safe default and sends nothing.
    await u.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(api.count('POST', '/orders/2/confirm')).toBe(0);

    await u.click(screen.getByRole('button', { name: 'Confirm receipt: Laptop 2' }));
    await u.click(
      within(await screen.findByRole('dialog', { name: 'Confirm receipt?' })).getByRole('button', {
        name: 'Confirm receipt',
      }),
    );
    expect(await screen.findByText('Thank you: the money is released to the seller')).toBeInTheDocument();
    await waitFor(() => expect(card(2)).toHaveTextContent('Released to the seller'));
    expect(api.count('POST', '/orders/2/confirm')).toBe(1);
    expect(within(card(2)).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the API’s refusal in a toast', async () => {
    answer({
      'GET /bookings': [],
      'GET /orders': [order(2, handedOver)],
      'POST /orders/2/confirm': reply(409, {
        error: 'order_state',
        message: 'This order is under dispute, so it cannot be confirmed',
      }),
    });
    renderPage(<MyOrdersPage />);
    await paidOnline();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm receipt: Laptop 2' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm receipt' }),
    );
    expect(
      await screen.findByText('This order is under dispute, so it cannot be confirmed'),
    ).toBeInTheDocument();
  });

  it('refuses a report without a reason or with too short a text, in the API’s words, and sends nothing', async () => {
    const api = answer({ 'GET /bookings': [], 'GET /orders': [order(2, handedOver)] });
    renderPage(<MyOrdersPage />);
    await paidOnline();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Report a problem: Laptop 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with Laptop 2' });
    await u.type(within(dialog).getByLabelText(/Tell us what happened/), 'Broken');
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose what went wrong')).toBeInTheDocument();
    expect(within(dialog).getByText('Tell us what went wrong in at least 10 characters')).toBeInTheDocument();
    expect(api.count('POST', '/orders/2/dispute')).toBe(0);
  });

  it('sends a report with its photos, then links to the dispute', async () => {
    const photo = `${TEST_API}/images/crack-1.webp`;
    let disputed = false;
    const api = answer({
      'GET /bookings': [],
      'GET /orders': () => [
        disputed
          ? order(2, { ...handedOver, funds: 'disputed', deadline: null, actions: [], disputeId: 'd1' })
          : order(2, handedOver),
      ],
      'POST /images': { data: { url: photo, width: 800, height: 600 } },
      'POST /orders/2/dispute': () => {
        disputed = true;
        return dispute();
      },
    });
    renderPage(<MyOrdersPage />);
    await paidOnline();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Report a problem: Laptop 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem with Laptop 2' });
    await u.selectOptions(within(dialog).getByLabelText(/What went wrong/), 'It arrived damaged');
    await u.type(
      within(dialog).getByLabelText(/Tell us what happened/),
      '  The screen is cracked in the corner.  ',
    );
    await u.upload(
      within(dialog).getByLabelText('Photo files'),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'crack.png', { type: 'image/png' }),
    );
    const preview = await within(dialog).findByRole('img', { name: 'Photo 1 of your report' });
    expect(preview).toHaveAttribute('src', photo);
    await u.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const sent = await screen.findByRole('dialog', { name: 'Problem reported' });
    expect(within(sent).getByRole('link', { name: 'View the dispute' })).toHaveAttribute(
      'href',
      '/dashboard/disputes/d1',
    );
    const post = api.calls.find((c) => c.method === 'POST' && c.path === '/orders/2/dispute');
    expect(post?.body).toEqual({
      reason: 'damaged',
      text: 'The screen is cracked in the corner.',
      photos: [photo],
    });
    // The list learns the order is disputed: no more Confirm receipt.
    await waitFor(() =>
      expect(within(card(2)).queryByRole('button', { name: /Confirm receipt/ })).toBeNull(),
    );
  });

  it('removes a photo before sending', async () => {
    answer({
      'GET /bookings': [],
      'GET /orders': [order(1)],
      'POST /images': inTurn(
        { data: { url: `${TEST_API}/images/one.webp`, width: 1, height: 1 } },
        { data: { url: `${TEST_API}/images/two.webp`, width: 1, height: 1 } },
      ),
    });
    renderPage(<MyOrdersPage />);
    await paidOnline();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Report a problem: Laptop 1' }));
    const dialog = await screen.findByRole('dialog');
    const png = (name: string) => new File([new Uint8Array([1])], name, { type: 'image/png' });
    await u.upload(within(dialog).getByLabelText('Photo files'), [png('one.png'), png('two.png')]);
    await within(dialog).findByRole('img', { name: 'Photo 2 of your report' });
    await u.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    const left = within(within(dialog).getByRole('list', { name: 'Your photos' })).getAllByRole('img');
    expect(left.map((img) => img.getAttribute('src'))).toEqual([`${TEST_API}/images/two.webp`]);
    expect(within(dialog).getByText('Photo 1 removed')).toBeInTheDocument();
  });

  it('is hidden for a buyer with no paid orders', async () => {
    answer({ 'GET /bookings': [], 'GET /orders': [] });
    renderPage(<MyOrdersPage />);
    await screen.findByText('You have no orders yet');
    expect(screen.queryByRole('region', { name: 'Paid online' })).not.toBeInTheDocument();
  });

  it('says when the orders could not be loaded, and tries again', async () => {
    answer({ 'GET /bookings': [], 'GET /orders': inTurn(NETWORK_ERROR, [order(1)]) });
    renderPage(<MyOrdersPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your paid orders could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-1')).toBeInTheDocument();
  });

  describe('in Bangla', () => {
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('writes the section, the badge, the amount and the next step in Bangla', async () => {
      useAuthStore.getState().setLanguage('bn');
      answer({ 'GET /bookings': [], 'GET /orders': [order(2, handedOver)] });
      renderPage(<MyOrdersPage />);
      const section = await paidOnline('অনলাইনে পরিশোধিত');
      expect(section).toHaveTextContent('৳৪১,৫০০.৫০');
      expect(within(section).getByText('হস্তান্তরিত')).toBeInTheDocument();
      expect(section).toHaveTextContent('৬ মার্চ, ২০২৬-এ আপনাআপনি ছেড়ে দেওয়া হবে');
      expect(
        within(section).getByRole('button', { name: 'প্রাপ্তি নিশ্চিত করুন: Laptop 2' }),
      ).toBeInTheDocument();
    });
  });
});
