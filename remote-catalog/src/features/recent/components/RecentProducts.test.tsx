import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct, renderWithProviders, stubFetch } from '@/test/render';
import { RecentProducts } from './RecentProducts';

afterEach(() => vi.unstubAllGlobals());

const longDescription =
  'Intel Core i7-1165G7, 16 GB LPDDR4x, 512 GB NVMe SSD, 13.4" FHD+ display, Iris Xe graphics.';

describe('RecentProducts', () => {
  it('shows each product with the star rule and the description cut at 60 characters', async () => {
    const { fetchStub, calls } = stubFetch([
      [
        /\/recent-product/,
        {
          status: 200,
          body: [
            makeProduct({ _id: 'a', productName: 'Three stars', rating: 3, description: longDescription }),
            makeProduct({ _id: 'b', productName: 'Four stars', rating: 4 }),
            makeProduct({ _id: 'c', productName: 'Unrated', rating: null, specs: null }),
          ],
        },
      ],
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<RecentProducts />);

    const cards = await screen.findAllByTestId('recent-card');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByRole('img', { name: '3 stars' })).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: '4 stars' })).toBeInTheDocument();
    expect(within(cards[2]!).getByRole('img', { name: '5 stars' })).toBeInTheDocument();
    expect(
      within(cards[0]!).getByText('Intel Core i7-1165G7, 16 GB LPDDR4x, 512 GB NVMe SSD, 13.4"…'),
    ).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('card-key-specs')).toHaveTextContent(
      'AMD Ryzen 5 5650U · 16 GB · 512 GB SSD',
    );
    // Listings from before specs existed show no empty line.
    expect(within(cards[2]!).queryByTestId('card-key-specs')).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Three stars' })).toHaveAttribute(
      'href',
      '/details/a',
    );
    expect(calls[0]!.url).toMatch(/\/api\/v1\/recent-product/);
  });

  it("says 'Something went wrong.....' when the list cannot be loaded", async () => {
    const { fetchStub } = stubFetch([
      [/\/recent-product/, { status: 500, body: { error: 'internal_error', message: 'x' } }],
    ]);
    vi.stubGlobal('fetch', fetchStub);
    renderWithProviders(<RecentProducts />);
    expect(await screen.findByText('Something went wrong.....')).toBeInTheDocument();
  });
});
