import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { MyBuyer } from 'shared-contracts/bookings';
import { mockApi, page, renderPage, signIn } from '@/test/render';
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
  ...over,
});

describe('My Buyers', () => {
  beforeEach(() => signIn('seller', 'seller@example.test'));

  it('shows one page of thousands after one request, and every page is reachable', async () => {
    const api = mockApi({
      'GET /my-buyers': ({ url }) =>
        page(
          Array.from({ length: 10 }, (_, i) => buyer(`${url.searchParams.get('page')}-${i}`)),
          3500,
        ),
    });
    renderPage(<MyBuyersPage />);
    expect(await screen.findByText('Showing 1–10 of 3500')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: '350' }));
    expect(await screen.findByText('Showing 3491–3500 of 3500')).toBeInTheDocument();
    expect(screen.getByText('Laptop 350-0')).toBeInTheDocument();
    expect(api.calls.map((c) => c.query.get('page'))).toEqual(['1', '350']);
  });

  it('narrows to payments with the filter and sorts by buyer name, on the server', async () => {
    const api = mockApi({
      'GET /my-buyers': ({ url }) =>
        url.searchParams.get('kind') === 'payment'
          ? [buyer('pay1', { kind: 'payment', paid: true, phone: null, place: null })]
          : [buyer('b1'), buyer('pay1', { kind: 'payment', paid: true, phone: null, place: null })],
    });
    renderPage(<MyBuyersPage />);
    const table = await screen.findByRole('table', { name: 'My buyers' });
    await userEvent.click(screen.getByRole('radio', { name: 'Payments' }));
    await waitFor(() => expect(screen.queryByText('Laptop b1')).not.toBeInTheDocument());
    await userEvent.click(
      within(within(table).getByRole('columnheader', { name: /name/i })).getByRole('button'),
    );
    await waitFor(() => expect(api.calls).toHaveLength(3));
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=1&limit=10&sort=date&order=desc',
      'page=1&limit=10&sort=date&order=desc&kind=payment',
      'page=1&limit=10&sort=name&order=asc&kind=payment',
    ]);
    expect(screen.getByTestId('location-search')).toHaveTextContent('?sort=name&order=asc&kind=payment');
  });
});
