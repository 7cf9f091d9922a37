import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, useCheckoutIntents } from 'shared-auth';
import type { Booking } from 'shared-contracts/bookings';
import { mockApi, renderPage, signIn } from '@/test/render';
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
  status: 'booked',
  ...over,
});

describe('My Orders', () => {
  beforeEach(() => signIn('buyer', 'buyer@example.test'));
  afterEach(() => useCheckoutIntents.getState().clear());

  it('lists bookings with the spec columns, Pay on unpaid and Paid on paid', async () => {
    const api = mockApi({
      'GET /bookings': [
        booking('b1'),
        booking('b2', { paid: true, status: 'sold' }),
        booking('b3', { status: 'sold' }),
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
    expect(within(second!).getByText('Paid')).toBeInTheDocument();
    expect(within(third!).queryByRole('button')).not.toBeInTheDocument();
    expect(api.calls[0]?.path).toBe('/bookings');
  });

  it('is written in Bangla when the page is: headers, taka and dates in Bangla digits, Pay', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      mockApi({
        'GET /bookings': [booking('b1', { price: 89500 }), booking('b2', { paid: true, status: 'sold' })],
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
      expect(within(second!).getByText('পরিশোধিত')).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('hands Pay to checkout through the shared intent', async () => {
    mockApi({ 'GET /bookings': [booking('b1')] });
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
    mockApi({ 'GET /bookings': [] });
    renderPage(<MyOrdersPage />);
    expect(await screen.findByText('You have no orders yet')).toBeInTheDocument();
  });

  it('keeps orders to pay apart with the filter, on the server', async () => {
    const api = mockApi({
      'GET /bookings': ({ url }) =>
        url.searchParams.get('paid') === 'false'
          ? [booking('b1')]
          : [booking('b1'), booking('b2', { paid: true })],
    });
    renderPage(<MyOrdersPage />);
    await screen.findByRole('table', { name: 'My orders' });
    await userEvent.click(screen.getByRole('radio', { name: 'To pay' }));
    await waitFor(() => expect(screen.queryByText('Laptop b2')).not.toBeInTheDocument());
    expect(screen.getByTestId('location-search')).toHaveTextContent('?paid=false');
    expect(api.calls.at(-1)?.query.toString()).toBe('page=1&limit=10&sort=date&order=desc&paid=false');
  });
});
