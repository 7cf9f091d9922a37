import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { MyBuyer } from 'shared-contracts/bookings';
import { renderPage, signIn } from '@/test/render';
import { answer, page, type ApiRequest } from 'web-testing/fake-api';
import MyBuyersPage from './MyBuyersPage';

const buyer = (id: string, over: Partial<MyBuyer> = {}): MyBuyer => ({
  _id: id,
  kind: 'booking',
  productId: `prod-${id}`,
  productName: `Laptop ${id}`,
  name: 'Bina',
  email: 'bina@example.test',
  phone: '0123456',
  place: 'Dhaka',
  price: 100,
  paid: false,
  date: '2026-01-01T00:00:00.000Z',
  state: 'requested',
  actions: ['accept', 'decline'],
  ...over,
});

const payment: Partial<MyBuyer> = {
  kind: 'payment',
  paid: true,
  phone: null,
  place: null,
  state: 'paid',
  actions: [],
};

/** The requests of the bookings list, apart from the paid orders' GET /orders. */
const listCalls = (calls: ApiRequest[]) => calls.filter((c) => c.path === '/my-buyers');

describe('My Buyers', () => {
  beforeEach(() => signIn('seller', 'seller@example.test'));

  it('shows one page of thousands after one request, and every page is reachable', async () => {
    const api = answer({
      'GET /my-buyers': ({ url }) =>
        page(
          Array.from({ length: 10 }, (_, i) => buyer(`${url.searchParams.get('page')}-${i}`)),
          3500,
        ),
    });
    renderPage(<MyBuyersPage />);
    expect(await screen.findByText('Showing 1–10 of 3500')).toBeInTheDocument();
    // One request for the list (the paid orders above it are asked for apart).
    expect(listCalls(api.calls)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: '350' }));
    expect(await screen.findByText('Showing 3491–3500 of 3500')).toBeInTheDocument();
    expect(screen.getByText('Laptop 350-0')).toBeInTheDocument();
    expect(listCalls(api.calls).map((c) => c.query.get('page'))).toEqual(['1', '350']);
  });

  it('narrows to payments with the filter and sorts by buyer name, on the server', async () => {
    const api = answer({
      'GET /my-buyers': ({ url }) =>
        url.searchParams.get('kind') === 'payment'
          ? [buyer('pay1', payment)]
          : [buyer('b1'), buyer('pay1', payment)],
    });
    renderPage(<MyBuyersPage />);
    const table = await screen.findByRole('table', { name: 'My buyers' });
    await userEvent.click(screen.getByRole('radio', { name: 'Payments' }));
    await waitFor(() => expect(screen.queryByText('Laptop b1')).not.toBeInTheDocument());
    await userEvent.click(
      within(within(table).getByRole('columnheader', { name: /name/i })).getByRole('button'),
    );
    await waitFor(() => expect(listCalls(api.calls)).toHaveLength(3));
    expect(listCalls(api.calls).map((c) => c.query.toString())).toEqual([
      'page=1&limit=10&sort=date&order=desc',
      'page=1&limit=10&sort=date&order=desc&kind=payment',
      'page=1&limit=10&sort=name&order=asc&kind=payment',
    ]);
    expect(screen.getByTestId('location-search')).toHaveTextContent('?sort=name&order=asc&kind=payment');
  });

  it('accepts a request at once, then offers Mark handed over and Cancel; the list is fetched again', async () => {
    let state: 'requested' | 'accepted' = 'requested';
    const api = answer({
      'GET /my-buyers': () => [
        buyer('b1', {
          state,
          actions: state === 'requested' ? ['accept', 'decline'] : ['cancel', 'complete'],
        }),
        buyer('pay1', payment),
      ],
      'POST /bookings/b1/accept': () => {
        state = 'accepted';
        return { _id: 'b1', state, actions: ['cancel', 'complete'], status: 'booked' };
      },
    });
    renderPage(<MyBuyersPage />);
    const table = await screen.findByRole('table', { name: 'My buyers' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Requested')).toBeInTheDocument();
    expect(within(second!).getAllByText('Paid').length).toBeGreaterThan(0);
    expect(within(second!).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(first!).getByRole('button', { name: 'Accept the booking of Laptop b1' }));
    expect(await screen.findByText('Booking accepted; the buyer has been told')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mark handed over: Laptop b1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel booking of Laptop b1' })).toBeInTheDocument();
    expect(screen.getByText('Accepted')).toBeInTheDocument();
    expect(api.count('POST', '/bookings/b1/accept')).toBe(1);
    expect(api.count('GET', '/my-buyers')).toBe(2);
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('declines after asking in Bangla, names the buyer, and says so in a Bangla toast', async () => {
      let state: 'requested' | 'declined' = 'requested';
      answer({
        'GET /my-buyers': () => [
          buyer('b1', { state, actions: state === 'requested' ? ['accept', 'decline'] : [] }),
        ],
        'POST /bookings/b1/decline': () => {
          state = 'declined';
          return { _id: 'b1', state, actions: [], status: 'available' };
        },
      });
      renderPage(<MyBuyersPage />);
      const table = await screen.findByRole('table', { name: 'আমার ক্রেতা' });
      const row = within(table).getAllByRole('row')[1]!;
      expect(within(row).getByText('অনুরোধ করা')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Laptop b1-এর বুকিং গ্রহণ করুন' })).toHaveTextContent(
        'গ্রহণ করুন',
      );
      await userEvent.click(within(row).getByRole('button', { name: 'Laptop b1-এর বুকিং প্রত্যাখ্যান করুন' }));
      const dialog = await screen.findByRole('dialog', { name: 'বুকিংটি প্রত্যাখ্যান করবেন?' });
      expect(dialog).toHaveTextContent('Bina-কে জানানো হবে');
      await userEvent.click(within(dialog).getByRole('button', { name: 'প্রত্যাখ্যান করুন' }));
      expect(await screen.findByText('বুকিং প্রত্যাখ্যান করা হয়েছে; ক্রেতাকে জানানো হয়েছে')).toBeInTheDocument();
      expect(await screen.findByText('প্রত্যাখ্যাত')).toBeInTheDocument();
      expect(await screen.findByText('কিছু করার নেই')).toBeInTheDocument();
    });
  });
});
