import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { Review, SellerProfile } from 'shared-contracts/reviews';
import { buyer, makeProduct, renderWithProviders, setSession } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import SellerPage from './SellerPage';

const profile = (overrides: Partial<SellerProfile> = {}): SellerProfile => ({
  _id: 's1',
  name: 'Sam Seller',
  photoUrl: null,
  memberSince: '2025-03-01T00:00:00.000Z',
  rating: { average: 4.5, count: 12 },
  listings: {
    items: [makeProduct({ _id: 'p1', productName: 'Dell XPS 13 9310' })],
    total: 1,
    page: 1,
    limit: 12,
  },
  ...overrides,
});

const review: Review = {
  _id: 'r1',
  rating: 4,
  text: 'Honest seller, on time.',
  answer: 'Thank you for buying!',
  answeredAt: '2026-02-02T00:00:00.000Z',
  createdAt: '2026-02-01T00:00:00.000Z',
  productId: 'p0',
  productName: 'ThinkPad T480',
  sellerId: 's1',
  sellerName: 'Sam Seller',
  buyerName: 'Karim',
};

function renderSeller(
  seller: { status: number; body?: unknown },
  reviews: { status: number; body?: unknown } = { status: 200, body: [review] },
) {
  const { calls } = answer({
    'GET /sellers/:id/reviews': reply(reviews.status, reviews.body),
    'GET /sellers/:id': reply(seller.status, seller.body),
  });
  renderWithProviders(<SellerPage />, { path: '/sellers/:id', url: '/sellers/s1' });
  return calls;
}

beforeEach(() => setSession(buyer));

describe('SellerPage', () => {
  it('shows the seller, their rating, laptops and reviews with answers; no e-mail or phone', async () => {
    const calls = renderSeller({ status: 200, body: profile() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seller Sam Seller' })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: 'Rated 4.5 of 5 from 12 reviews' })[0]).toBeInTheDocument();
    expect(screen.getByText('Member since 1 Mar 2025', { exact: false })).toBeInTheDocument();
    const listings = screen.getByTestId('seller-listings');
    expect(within(listings).getByRole('link', { name: 'Dell XPS 13 9310' })).toHaveAttribute(
      'href',
      '/details/p1',
    );
    const item = await screen.findByTestId('seller-review');
    expect(within(item).getByRole('img', { name: 'Rated 4 of 5 from 1 review' })).toBeInTheDocument();
    expect(within(item).getByText('Karim about ThinkPad T480')).toBeInTheDocument();
    expect(within(item).getByText('Honest seller, on time.')).toBeInTheDocument();
    expect(within(item).getByTestId('seller-answer')).toHaveTextContent('Thank you for buying!');
    expect(screen.queryByText('seller@secondbyte.test')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/sellers\/s1\?page=1&limit=12$/),
        expect.stringMatching(/\/sellers\/s1\/reviews\?page=1&limit=10$/),
      ]),
    );
  });

  it("says 'No reviews yet' for a seller nobody has reviewed, and that nothing is for sale", async () => {
    renderSeller(
      {
        status: 200,
        body: profile({
          rating: { average: null, count: 0 },
          listings: { items: [], total: 0, page: 1, limit: 12 },
        }),
      },
      { status: 200, body: [] },
    );
    expect(await screen.findByTestId('rating-none')).toHaveTextContent('No reviews yet');
    expect(screen.getByTestId('seller-no-listings')).toHaveTextContent(
      'This seller has no laptop for sale right now.',
    );
    expect(await screen.findByTestId('seller-no-reviews')).toBeInTheDocument();
  });

  it('is written in Bangla when the page is, with Bangla digits', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      renderSeller({ status: 200, body: profile() });
      expect(
        await screen.findByRole('heading', { level: 1, name: 'বিক্রেতা Sam Seller' }),
      ).toBeInTheDocument();
      expect(screen.getAllByRole('img', { name: '১২টি রিভিউতে ৫-এর মধ্যে ৪.৫ রেটিং' })[0]).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'বিক্রির জন্য ল্যাপটপ' })).toBeInTheDocument();
      expect(await screen.findByText('বিক্রেতার উত্তর')).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('an unknown seller is shown as not found', async () => {
    renderSeller({ status: 404, body: { error: 'seller_not_found', message: 'No seller with id s1' } });
    expect(await screen.findByTestId('seller-not-found')).toBeInTheDocument();
  });

  it('a failed load offers Retry, which asks again', async () => {
    const calls = renderSeller({ status: 500, body: { error: 'internal_error', message: 'x' } });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const before = calls.filter((c) => /\/sellers\/s1\?/.test(c.url)).length;
    await userEvent.click(retry);
    await vi.waitFor(() =>
      expect(calls.filter((c) => /\/sellers\/s1\?/.test(c.url)).length).toBeGreaterThan(before),
    );
  });
});
