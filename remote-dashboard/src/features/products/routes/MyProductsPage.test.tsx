import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { product } from '@/test/product';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import MyProductsPage from './MyProductsPage';

describe('My Products', () => {
  beforeEach(() => signIn('seller', 'seller@example.test'));

  it('shows the real sales status', async () => {
    const api = answer({
      'GET /add-products': [
        product('p1', { status: 'booked' }),
        product('p2', { status: 'sold', price: 12.5 }),
      ],
    });
    renderPage(<MyProductsPage />);
    const table = await screen.findByRole('table', { name: 'My products' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('booked');
    expect(rows[1]).toHaveTextContent('sold');
    expect(rows[1]).toHaveTextContent('৳12.50');
    expect(within(rows[1]!).getByRole('button', { name: 'Advertise Laptop p2' })).toBeDisabled();
    expect(api.calls[0]?.path).toBe('/add-products');
  });

  it('is written in Bangla when the page is: headers, taka in Bangla digits, status, Advertise', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      answer({
        'GET /add-products': [
          product('p1', { price: 89500, advertised: true }),
          product('p2', { status: 'sold', price: 12.5 }),
        ],
        'POST /add-advertise': { acknowledged: false, insertedId: null },
      });
      renderPage(<MyProductsPage />);
      const table = await screen.findByRole('table', { name: 'আমার ল্যাপটপ' });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim());
      expect(headers.slice(1)).toEqual([
        'ল্যাপটপের নাম',
        'দাম',
        'বিক্রির অবস্থা',
        'ফোন ও ই-মেইল দেখান',
        'সম্পাদনা',
        'কাজ',
        'ডিভাইস',
        'বিজ্ঞাপন দিন',
      ]);
      const [first, second] = within(table).getAllByRole('row').slice(1);
      expect(
        within(first!).getByRole('switch', { name: 'Laptop p1-এর বিজ্ঞাপনে ফোন ও ই-মেইল দেখান' }),
      ).toBeChecked();
      expect(within(second!).getByRole('button', { name: 'দাম বদলান: Laptop p2' })).toBeDisabled();
      expect(first).toHaveTextContent('৳৮৯,৫০০');
      expect(first).toHaveTextContent('পাওয়া যাচ্ছে');
      expect(first).toHaveTextContent('বিজ্ঞাপিত');
      expect(second).toHaveTextContent('৳১২.৫০');
      expect(second).toHaveTextContent('বিক্রি হয়ে গেছে');
      expect(within(second!).getByRole('button', { name: 'Laptop p2-এর বিজ্ঞাপন দিন' })).toHaveAttribute(
        'title',
        'বিক্রি হয়ে যাওয়া ল্যাপটপের বিজ্ঞাপন দেওয়া যায় না',
      );
      expect(within(first!).getByRole('button', { name: 'Laptop p1 মুছে ফেলুন' })).toHaveTextContent(
        'মুছে ফেলুন',
      );
      expect(screen.getByRole('radio', { name: 'বিক্রি হয়েছে' })).toBeInTheDocument();
      await userEvent.click(within(first!).getByRole('button', { name: 'Laptop p1-এর বিজ্ঞাপন দিন' }));
      expect(await screen.findByText('এটির বিজ্ঞাপন আগেই দেওয়া হয়েছে')).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('says in Bangla that a seller has no products yet', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      answer({ 'GET /add-products': [] });
      renderPage(<MyProductsPage />);
      expect(await screen.findByText('আপনার এখনও কোনো ল্যাপটপ নেই')).toBeInTheDocument();
      expect(screen.getAllByRole('link', { name: 'ল্যাপটপ যোগ করুন' }).length).toBeGreaterThan(0);
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it("says 'Product Advertised', then 'Already Advertised'", async () => {
    let advertised = false;
    const api = answer({
      'GET /add-products': () => [product('p1', { advertised })],
      'POST /add-advertise': () => {
        const first = !advertised;
        advertised = true;
        return { acknowledged: first, insertedId: first ? 'a1' : null };
      },
    });
    renderPage(<MyProductsPage />);
    const button = await screen.findByRole('button', { name: 'Advertise Laptop p1' });
    await userEvent.click(button);
    expect(await screen.findByText('Product Advertised')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('advertised')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Advertise Laptop p1' }));
    expect(await screen.findByText('Already Advertised')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { productId: 'p1' },
      { productId: 'p1' },
    ]);
  });

  it('deletes after the confirmation and refetches', async () => {
    let rows = [product('p1'), product('p2')];
    answer({
      'GET /add-products': () => rows,
      'DELETE /add-products/p1': () => {
        rows = rows.filter((p) => p._id !== 'p1');
        return { acknowledged: true, deletedCount: 1 };
      },
    });
    renderPage(<MyProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Laptop p1' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Are You Sure To Delete' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Delete Successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Laptop p1')).not.toBeInTheDocument());
  });

  it('shows the error and a retry when the list fails', async () => {
    answer({
      'GET /add-products': reply(500, { error: 'internal_error', message: 'Database unavailable' }),
    });
    renderPage(<MyProductsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  it('filters by sales status on the server and keeps the filter in the URL', async () => {
    const api = answer({
      'GET /add-products': ({ url }) =>
        url.searchParams.get('status') === 'sold'
          ? [product('p2', { status: 'sold' })]
          : [product('p1'), product('p2', { status: 'sold' })],
    });
    renderPage(<MyProductsPage />);
    await screen.findByRole('table', { name: 'My products' });
    await userEvent.click(screen.getByRole('radio', { name: 'Sold' }));
    await waitFor(() => expect(screen.queryByText('Laptop p1')).not.toBeInTheDocument());
    expect(screen.getByTestId('location-search')).toHaveTextContent('?status=sold');
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=1&limit=10&sort=createdAt&order=desc',
      'page=1&limit=10&sort=createdAt&order=desc&status=sold',
    ]);
  });

  it('sorts by price on the server', async () => {
    const api = answer({ 'GET /add-products': [product('p1')] });
    renderPage(<MyProductsPage />);
    const table = await screen.findByRole('table', { name: 'My products' });
    await userEvent.click(
      within(within(table).getByRole('columnheader', { name: /price/i })).getByRole('button'),
    );
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls[1]?.query.get('sort')).toBe('price');
    expect(api.calls[1]?.query.get('order')).toBe('asc');
  });

  it('asks the seller to complete the specs of a listing posted without them', async () => {
    answer({
      'GET /add-products': [product('p1', { specsConfirmed: false }), product('p2')],
    });
    renderPage(<MyProductsPage />);
    const table = await screen.findByRole('table', { name: 'My products' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Specs not confirmed');
    expect(within(first!).getByRole('link', { name: 'Complete the specs of Laptop p1' })).toHaveAttribute(
      'href',
      '/dashboard/my-products/p1/specs',
    );
    expect(second).not.toHaveTextContent('Specs not confirmed');
  });

  it('turns phone and e-mail off for one listing with a PATCH', async () => {
    let rows = [product('p1'), product('p2')];
    const api = answer({
      'GET /add-products': () => rows,
      'PATCH /add-products/p1': ({ body: sent }) => {
        const body = sent as { showContact: boolean; price: number };
        rows = rows.map((p) => (p._id === 'p1' ? { ...p, showContact: body.showContact } : p));
        return { acknowledged: true, price: 500, showContact: body.showContact };
      },
    });
    renderPage(<MyProductsPage />);
    const contact = await screen.findByRole('switch', { name: 'Show phone and e-mail on Laptop p1' });
    expect(contact).toBeChecked();
    await userEvent.click(contact);
    expect(
      await screen.findByText('Phone and e-mail are hidden; buyers will message you'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Show phone and e-mail on Laptop p1' })).not.toBeChecked(),
    );
    expect(screen.getByRole('switch', { name: 'Show phone and e-mail on Laptop p2' })).toBeChecked();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ showContact: false });
  });

  it('edits the price in a dialog, refusing a price the API would refuse', async () => {
    let rows = [product('p1', { price: 500 })];
    const api = answer({
      'GET /add-products': () => rows,
      'PATCH /add-products/p1': ({ body: sent }) => {
        const body = sent as { showContact: boolean; price: number };
        rows = [product('p1', { price: body.price })];
        return { acknowledged: true, price: body.price, showContact: true };
      },
    });
    renderPage(<MyProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit price: Laptop p1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the price of Laptop p1' });
    const input = within(dialog).getByLabelText('New price (taka)');
    expect((input as HTMLInputElement).value).toContain('500');
    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(
      await within(dialog).findByText('Enter a price above 0 with at most two decimals.'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false);
    await userEvent.type(input, '450');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await screen.findByText('Price updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ price: 450 });
    const table = screen.getByRole('table', { name: 'My products' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('৳450'));
  });
});
