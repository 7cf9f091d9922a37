import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { SavedListing } from 'shared-contracts/saved';
import { renderPage, signIn } from '@/test/render';
import { answer, page, reply } from 'web-testing/fake-api';
import SavedPage from './SavedPage';

const saved = (id: string, over: Partial<SavedListing> = {}): SavedListing => ({
  productId: id,
  productName: `Laptop ${id}`,
  price: 500,
  status: 'available',
  image: 'http://api.test/images/x.webp',
  categoryName: 'Dell',
  listed: true,
  savedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

describe('Saved', () => {
  beforeEach(() => signIn('buyer', 'buyer@example.test'));

  it('lists saved laptops with the price now, the status, a link to the page, and marks removed ones', async () => {
    const api = answer({
      'GET /saved': page(
        [saved('p1', { price: 450 }), saved('p2', { status: 'sold' }), saved('p3', { listed: false })],
        3,
      ),
    });
    renderPage(<SavedPage />);
    const table = await screen.findByRole('table', { name: 'Saved laptops' });
    const [first, second, third] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('৳450');
    expect(first).toHaveTextContent('available');
    expect(within(first!).getByRole('link', { name: 'Laptop p1' })).toHaveAttribute('href', '/details/p1');
    expect(second).toHaveTextContent('sold');
    expect(third).toHaveTextContent('no longer listed');
    expect(within(third!).queryByRole('link')).not.toBeInTheDocument();
    expect(api.calls[0]?.path).toBe('/saved');
    expect(api.calls[0]?.query.get('page')).toBe('1');
  });

  it('removes one and refetches', async () => {
    let rows = [saved('p1'), saved('p2')];
    const api = answer({
      'GET /saved': () => rows,
      'DELETE /saved/p1': () => {
        rows = rows.filter((s) => s.productId !== 'p1');
        return { acknowledged: true, saved: false };
      },
    });
    renderPage(<SavedPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Laptop p1 from Saved' }));
    expect(await screen.findByText('Removed from Saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Laptop p1')).not.toBeInTheDocument());
    expect(screen.getByText('Laptop p2')).toBeInTheDocument();
    expect(api.count('DELETE', '/saved/p1')).toBe(1);
  });

  it('shows an empty state with a way to browse', async () => {
    answer({ 'GET /saved': [] });
    renderPage(<SavedPage />);
    expect(await screen.findByText('You have not saved any laptops yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Browse laptops' })[0]).toHaveAttribute('href', '/search');
  });

  it('offers Retry when the list cannot be loaded', async () => {
    let fail = true;
    answer({
      'GET /saved': () => (fail ? reply(500, { error: 'internal_error', message: 'Boom' }) : [saved('p1')]),
    });
    renderPage(<SavedPage />);
    const retry = await screen.findByRole('button', { name: /try again/i });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Laptop p1')).toBeInTheDocument();
  });

  it('is written in Bangla when the page is', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      answer({ 'GET /saved': [saved('p1', { price: 89500, listed: false })] });
      renderPage(<SavedPage />);
      const table = await screen.findByRole('table', { name: 'সংরক্ষিত ল্যাপটপ' });
      const row = within(table).getAllByRole('row')[1]!;
      expect(row).toHaveTextContent('৳৮৯,৫০০');
      expect(row).toHaveTextContent('বিজ্ঞাপনটি আর নেই');
      expect(
        within(row).getByRole('button', { name: 'Laptop p1 সংরক্ষিত তালিকা থেকে সরান' }),
      ).toHaveTextContent('সরান');
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });
});
