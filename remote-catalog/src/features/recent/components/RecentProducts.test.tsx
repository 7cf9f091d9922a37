import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, renderWithProviders } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import { RecentProducts } from './RecentProducts';

const longDescription =
  'Intel Core i7-1165G7, 16 GB LPDDR4x, 512 GB NVMe SSD, 13.4" FHD+ display, Iris Xe graphics.';

describe('RecentProducts', () => {
  it("shows each product with its seller's real rating and the description cut at 60 characters", async () => {
    const { calls } = answer({
      'GET /recent-product': reply(200, [
        // The stored demo rating (5) is not shown: the seller's reviews are.
        makeProduct({ _id: 'a', productName: 'Three stars', rating: 5, description: longDescription }),
        makeProduct({
          _id: 'b',
          productName: 'Four stars',
          seller: { _id: 's2', name: 'Rita', rating: { average: 1, count: 1 } },
        }),
        makeProduct({
          _id: 'c',
          productName: 'Unrated',
          rating: 5,
          specs: null,
          seller: { _id: 's3', name: 'New', rating: { average: null, count: 0 } },
        }),
      ]),
    });
    renderWithProviders(<RecentProducts />);

    const cards = await screen.findAllByTestId('recent-card');
    expect(cards).toHaveLength(3);
    expect(
      within(cards[0]!).getByRole('img', { name: 'Rated 4.5 of 5 from 12 reviews' }),
    ).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('img', { name: 'Rated 1 of 5 from 1 review' })).toHaveAttribute(
      'data-stars',
      '1',
    );
    expect(within(cards[2]!).getByText('No reviews yet')).toBeInTheDocument();
    expect(within(cards[2]!).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('link', { name: 'See the seller page of Sam Seller' }),
    ).toHaveAttribute('href', '/sellers/s2');
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
    answer({ 'GET /recent-product': reply(500, { error: 'internal_error', message: 'x' }) });
    renderWithProviders(<RecentProducts />);
    expect(await screen.findByText('Something went wrong.....')).toBeInTheDocument();
  });
});
