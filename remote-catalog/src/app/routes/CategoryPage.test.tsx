import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCheckoutIntents } from 'runtime-kernel';
import { buyer, makeProduct, renderWithProviders, setSession } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import CategoryPage from './CategoryPage';

const categories = [
  { id: '01', _id: '01', name: 'Dell' },
  { id: '04', _id: '04', name: 'Apple' },
];

/** The /search answer for one page of items. */
const page = (items: unknown[]) => ({
  status: 200,
  body: {
    items,
    nextCursor: null,
    total: items.length,
    totalIsEstimate: false,
    sort: 'newest',
    facets: null,
    relax: [],
  },
});

function renderCategory(id: string, listing: { status: number; body?: unknown }) {
  const { calls } = answer({
    'GET /category': categories,
    'GET /search': reply(listing.status, listing.body),
  });
  const view = renderWithProviders(<CategoryPage />, {
    path: '/category/products/:id',
    url: `/category/products/${id}`,
  });
  return { ...view, calls };
}

beforeEach(() => {
  setSession(buyer);
  useCheckoutIntents.getState().clear();
});

describe('CategoryPage', () => {
  it('lists the cards with every field of a category listing and marks the current brand', async () => {
    const product = makeProduct({
      _id: 'm1',
      productName: 'MacBook Air M1',
      location: 'Dhaka, Gulshan',
      original: 999,
      resale: 599,
      useYear: 4,
      sellerName: 'Sam Seller',
    });
    const { calls } = renderCategory('04', page([product]));

    const card = await screen.findByRole('article');
    expect(within(card).getByRole('link', { name: 'MacBook Air M1' })).toHaveAttribute('href', '/details/m1');
    expect(within(card).getByText('Dhaka, Gulshan')).toBeInTheDocument();
    expect(within(card).getByText('৳999')).toBeInTheDocument();
    expect(within(card).getByText('৳599')).toBeInTheDocument();
    expect(within(card).getByText('4 years')).toBeInTheDocument();
    expect(within(card).getByText('Sam Seller')).toBeInTheDocument();
    expect(within(card).getByLabelText('Sales status: available')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'MacBook Air M1' })).toHaveAttribute('width', '800');

    expect(await screen.findByRole('heading', { level: 1, name: 'Apple laptops' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apple' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Dell' })).not.toHaveAttribute('aria-current');
    expect(calls.some((c) => c.url.endsWith('/search?category=04'))).toBe(true);
  });

  it('Book Now asks checkout to open its booking modal for the product', async () => {
    renderCategory('04', page([makeProduct({ _id: 'm1', productName: 'MacBook Air M1', price: 599 })]));
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: MacBook Air M1' }));
    expect(useCheckoutIntents.getState().intent).toEqual({
      kind: 'book',
      product: expect.objectContaining({ _id: 'm1', productName: 'MacBook Air M1', price: 599 }),
    });
  });

  it('sends a signed-out visitor to /login, remembering the page', async () => {
    setSession(null);
    renderCategory('04', page([makeProduct({ productName: 'MacBook Air M1' })]));
    await userEvent.click(await screen.findByRole('button', { name: 'Book Now: MacBook Air M1' }));
    const location = screen.getByTestId('location');
    expect(location).toHaveTextContent('/login');
    expect(location).toHaveAttribute('data-from', '/category/products/04');
    expect(useCheckoutIntents.getState().intent).toBeNull();
  });

  it('cannot book a sold laptop', async () => {
    renderCategory('04', page([makeProduct({ productName: 'Sold one', status: 'sold' })]));
    expect(await screen.findByRole('button', { name: 'Book Now: Sold one' })).toBeDisabled();
  });

  it('says so for an unknown category', async () => {
    renderCategory('99', page([]));
    expect(await screen.findByText('We do not have that category')).toBeInTheDocument();
  });

  it('says so for an empty category', async () => {
    renderCategory('01', page([]));
    expect(await screen.findByText('No Dell laptops for sale yet')).toBeInTheDocument();
  });

  it('offers a retry when the listings cannot be loaded', async () => {
    renderCategory('01', { status: 500, body: { error: 'internal_error', message: 'boom' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The laptops could not be loaded');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
