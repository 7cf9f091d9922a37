import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from 'shared-contracts/users';
import { renderPage, signIn } from '@/test/render';
import { answer, page } from 'web-testing/fake-api';
import { AllBuyersPage, AllSellersPage } from './UsersPage';

const seller = (id: string, name: string): User => ({
  _id: id,
  name,
  email: `${id}@example.test`,
  url: null,
  role: 'seller',
});

describe('All Sellers', () => {
  beforeEach(() => signIn('admin'));

  it('lists sellers with number, name and e-mail', async () => {
    answer({ 'GET /seller': [seller('s1', 'Sam'), seller('s2', 'Rina')] });
    renderPage(<AllSellersPage />);
    const table = await screen.findByRole('table', { name: 'All sellers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['#', 'Name ↕', 'E-mail ↕', 'Admin', 'Blocks', 'Delete']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[0]).toHaveTextContent('1');
    expect(rows[0]).toHaveTextContent('Sam');
    expect(rows[1]).toHaveTextContent('s2@example.test');
  });

  it('shows a user’s blocks, given and received, when the operator opens them', async () => {
    answer({
      'GET /seller': [seller('s1', 'Sam')],
      'GET /admin/users/s1/blocks': {
        given: [
          {
            userId: 'b1',
            name: 'Bina',
            email: 'b1@example.test',
            conversationId: 'c1',
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        ],
        received: [],
      },
    });
    renderPage(<AllSellersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Blocks of Sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blocks of Sam' });
    expect(await within(dialog).findByText(/Bina \(b1@example.test\)/)).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Who blocked Sam' })).toBeInTheDocument();
    expect(within(dialog).getByText('None')).toBeInTheDocument();
  });

  it('asks before deleting, then toasts and refetches', async () => {
    let sellers = [seller('s1', 'Sam'), seller('s2', 'Rina')];
    const api = answer({
      'GET /seller': () => sellers,
      'DELETE /seller/s1': () => {
        sellers = sellers.filter((s) => s._id !== 's1');
        return { acknowledged: true, deletedCount: 1 };
      },
    });
    renderPage(<AllSellersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Sam' }));

    const dialog = await screen.findByRole('dialog', { name: 'Are You Sure To Delete' });
    expect(dialog).toHaveTextContent('If you are delete this you cannot recover');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count('DELETE', '/seller/s1')).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Sam' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Sam' })).not.toBeInTheDocument());
    expect(api.count('GET', '/seller')).toBe(2);
  });

  it('asks before making a seller admin, then toasts and refetches', async () => {
    let sellers = [seller('s1', 'Sam'), seller('s2', 'Rina')];
    const api = answer({
      'GET /seller': () => sellers,
      'POST /users/s1/make-admin': () => {
        sellers = sellers.filter((s) => s._id !== 's1');
        return {
          acknowledged: true,
          changed: true,
          email: 's1@example.test',
          before: 'seller',
          after: 'admin',
        };
      },
    });
    renderPage(<AllSellersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Make admin: Sam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Sam an admin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.count('POST', '/users/s1/make-admin')).toBe(0);

    await userEvent.click(screen.getByRole('button', { name: 'Make admin: Sam' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make admin' }),
    );
    expect(await screen.findByText('s1@example.test is now an admin.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Make admin: Sam' })).not.toBeInTheDocument(),
    );
  });

  it('shows an empty state', async () => {
    answer({ 'GET /seller': [] });
    renderPage(<AllSellersPage />);
    expect(await screen.findByText('No sellers yet')).toBeInTheDocument();
  });

  it('searches sellers by name or e-mail on the server', async () => {
    const api = answer({
      'GET /seller': ({ url }) =>
        url.searchParams.get('q') === 's2@example'
          ? [seller('s2', 'Rina')]
          : [seller('s1', 'Sam'), seller('s2', 'Rina')],
    });
    renderPage(<AllSellersPage />);
    await screen.findByRole('table', { name: 'All sellers' });
    await userEvent.type(screen.getByLabelText('Search all sellers'), 's2@example');
    await waitFor(() => expect(screen.queryByText('Sam')).not.toBeInTheDocument());
    expect(screen.getByText('Rina')).toBeInTheDocument();
    expect(api.calls.map((c) => c.query.get('q'))).toEqual([null, 's2@example']);
  });
});

describe('All Buyers', () => {
  beforeEach(() => signIn('admin'));

  const buyer = (i: number): User => ({
    _id: `b${i}`,
    name: `Buyer ${i}`,
    email: `b${i}@example.test`,
    url: null,
    role: 'buyer',
  });

  it('reads one page per view; a delete refetches only the page on screen', async () => {
    // 25 buyers, newest first: page 2 holds buyers 11..20.
    let buyers = Array.from({ length: 25 }, (_, i) => buyer(i + 1));
    const api = answer({
      'GET /buyer': ({ url }) => {
        const from = (Number(url.searchParams.get('page')) - 1) * Number(url.searchParams.get('limit'));
        return page(buyers.slice(from, from + Number(url.searchParams.get('limit'))), buyers.length);
      },
      'DELETE /buyer/b11': () => {
        buyers = buyers.filter((b) => b._id !== 'b11');
        return { acknowledged: true, deletedCount: 1 };
      },
    });
    renderPage(<AllBuyersPage />, { route: '/dashboard/users/all-buyer?page=2' });
    expect(await screen.findByText('Showing 11–20 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Buyer 11' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Showing 11–20 of 24')).toBeInTheDocument();
    expect(screen.getByText('Buyer 21')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'GET').map((c) => c.query.toString())).toEqual([
      'page=2&limit=10&sort=createdAt&order=desc',
      'page=2&limit=10&sort=createdAt&order=desc',
    ]);
  });
});
