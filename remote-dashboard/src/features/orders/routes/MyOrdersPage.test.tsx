import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, useCheckoutIntents } from 'runtime-kernel';
import type { Booking } from 'shared-contracts/bookings';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import MyOrdersPage from './MyOrdersPage';

const booking = (id: string, over: Partial<Booking> = {}): Booking => ({
  _id: id,
  productId: `prod-${id}`,
  name: 'Bina Buyer',
  email: 'buyer@example.test',
  productName: `Laptop ${id}`,
  image: 'http://api.test/images/x.webp',
  price: 420,
  phone: '0171234567',
  place: 'Gulshan',
  date: '2026-03-01T10:00:00.000Z',
  paid: false,
  status: 'available',
  state: 'requested',
  stateChangedAt: '2026-03-01T10:00:00.000Z',
  actions: ['cancel'],
  ...over,
});

const paidBooking: Partial<Booking> = { paid: true, status: 'sold', state: 'paid', actions: [] };

describe('My Orders', () => {
  beforeEach(() => signIn('buyer', 'buyer@example.test'));
  afterEach(() => useCheckoutIntents.getState().clear());

  it('lists bookings with the spec columns, Pay on unpaid and Paid on paid', async () => {
    const api = answer({
      'GET /bookings': [
        booking('b1'),
        booking('b2', paidBooking),
        booking('b3', { status: 'sold', state: 'cancelled', actions: [] }),
      ],
    });
    renderPage(<MyOrdersPage />);
    const table = await screen.findByRole('table', { name: 'My orders' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim());
    expect(headers.slice(1, 6)).toEqual(['Product Name', 'Name', 'Phone No', 'Place', 'Price']);
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Gulshan');
    expect(within(first!).getByRole('button', { name: 'Pay for Laptop b1' })).toBeInTheDocument();
    // The state badge and the payment column both say so.
    expect(within(second!).getAllByText('Paid')).toHaveLength(2);
    expect(within(third!).queryByRole('button')).not.toBeInTheDocument();
    expect(third).toHaveTextContent('Sold to someone else');
    expect(within(third!).getByText('Cancelled')).toBeInTheDocument();
    expect(api.count('GET', '/bookings')).toBe(1);
  });

  it('is written in Bangla when the page is: headers, taka and dates in Bangla digits, Pay', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      answer({
        'GET /bookings': [booking('b1', { price: 89500 }), booking('b2', paidBooking)],
      });
      renderPage(<MyOrdersPage />);
      const table = await screen.findByRole('table', { name: 'আমার অর্ডার' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim());
      expect(headers.slice(1, 6)).toEqual(['ল্যাপটপের নাম', 'নাম', 'ফোন নম্বর', 'জায়গা', 'দাম']);
      const [first, second] = within(table).getAllByRole('row').slice(1);
      expect(first).toHaveTextContent('৳৮৯,৫০০');
      expect(first).toHaveTextContent('১ মার্চ, ২০২৬');
      expect(within(first!).getByRole('button', { name: 'Laptop b1-এর দাম দিন' })).toHaveTextContent(
        'দাম দিন',
      );
      expect(within(second!).getAllByText('পরিশোধিত')).toHaveLength(2);
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('hands Pay to checkout through the shared intent', async () => {
    answer({ 'GET /bookings': [booking('b1')] });
    renderPage(<MyOrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay for Laptop b1' }));
    expect(useCheckoutIntents.getState().intent).toEqual({
      kind: 'pay',
      product: {
        _id: 'prod-b1',
        productName: 'Laptop b1',
        price: 420,
        image: 'http://api.test/images/x.webp',
      },
    });
  });

  it('invites a buyer with no orders to the catalog', async () => {
    answer({ 'GET /bookings': [] });
    renderPage(<MyOrdersPage />);
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
  });

  it('keeps orders to pay apart with the filter, on the server', async () => {
    const api = answer({
      'GET /bookings': ({ url }) =>
        url.searchParams.get('paid') === 'false'
          ? [booking('b1')]
          : [booking('b1'), booking('b2', paidBooking)],
    });
    renderPage(<MyOrdersPage />);
    await screen.findByRole('table', { name: 'My orders' });
    await userEvent.click(screen.getByRole('radio', { name: 'To pay' }));
    await waitFor(() => expect(screen.queryByText('Laptop b2')).not.toBeInTheDocument());
    expect(screen.getByTestId('location-search')).toHaveTextContent('?paid=false');
    expect(api.calls.at(-1)?.query.toString()).toBe('page=1&limit=10&sort=date&order=desc&paid=false');
  });

  it('shows each state, and Pay only while the booking is open and the laptop unsold', async () => {
    answer({
      'GET /bookings': [
        booking('req'),
        booking('acc', { state: 'accepted', status: 'booked' }),
        booking('dec', { state: 'declined', actions: [] }),
        booking('exp', { state: 'expired', actions: [] }),
        booking('done', { state: 'completed', status: 'sold', actions: [] }),
      ],
    });
    renderPage(<MyOrdersPage />);
    const table = await screen.findByRole('table', { name: 'My orders' });
    const rows = within(table).getAllByRole('row').slice(1);
    const words = ['Requested', 'Accepted', 'Declined', 'Expired', 'Handed over'];
    rows.forEach((row, i) => expect(within(row).getByText(words[i]!)).toBeInTheDocument());
    expect(within(rows[0]!).getByRole('button', { name: 'Pay for Laptop req' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Pay for Laptop acc' })).toBeInTheDocument();
    for (const row of rows.slice(2)) expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    // Handed over is not someone else's sale.
    expect(rows[4]).not.toHaveTextContent('Sold to someone else');
  });

  it('cancels a booking after asking, with a toast, and fetches the list again', async () => {
    let state: 'requested' | 'cancelled' = 'requested';
    const api = answer({
      'GET /bookings': () => [booking('b1', { state, actions: state === 'requested' ? ['cancel'] : [] })],
      'POST /bookings/b1/cancel': () => {
        state = 'cancelled';
        return { _id: 'b1', state, actions: [], status: 'available' };
      },
    });
    renderPage(<MyOrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Laptop b1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    // Keeping it is the safe default and changes nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.count('POST', '/bookings/b1/cancel')).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking of Laptop b1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', {
        name: 'Cancel booking',
      }),
    );
    expect(await screen.findByText('Booking cancelled; the other side has been told')).toBeInTheDocument();
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(api.count('GET', '/bookings')).toBe(2);
    expect(screen.queryByRole('button', { name: 'Pay for Laptop b1' })).not.toBeInTheDocument();
  });

  it('shows the API’s refusal when the booking changed meanwhile', async () => {
    answer({
      'GET /bookings': [booking('b1')],
      'POST /bookings/b1/cancel': () =>
        reply(409, {
          error: 'booking_state',
          message: 'This booking has been declined, so it cannot be cancelled',
        }),
    });
    renderPage(<MyOrdersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel booking of Laptop b1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel booking' }),
    );
    expect(
      await screen.findByText('This booking has been declined, so it cannot be cancelled'),
    ).toBeInTheDocument();
  });
});
