import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Offer } from 'shared-contracts/offers';
import { renderPage, signIn } from '@/test/render';
import { answer, page, reply } from 'web-testing/fake-api';
import { MyOffersPage, OffersReceivedPage } from './OffersPage';

const offer = (id: string, over: Partial<Offer> = {}): Offer => ({
  _id: id,
  productId: `prod-${id}`,
  productName: `Laptop ${id}`,
  image: null,
  askingPrice: 60000,
  buyerName: 'Bina Buyer',
  sellerName: 'Sami Seller',
  amount: 45000,
  counterAmount: null,
  agreedAmount: null,
  state: 'pending',
  expiresAt: '2026-11-30T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  stateChangedAt: '2026-11-28T10:00:00.000Z',
  actions: ['accept', 'decline', 'counter'],
  ...over,
});

describe('Offers on my listings', () => {
  beforeEach(() => signIn('seller', 'seller@example.test'));

  it('shows one page from the server with its total, and searches on the server', async () => {
    const api = answer({
      'GET /offers/received': ({ url }) =>
        page(
          Array.from({ length: 10 }, (_, i) => offer(`${url.searchParams.get('page')}-${i}`)),
          25,
        ),
    });
    renderPage(<OffersReceivedPage />);
    expect(await screen.findByText('Showing 1–10 of 25')).toBeInTheDocument();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.query.toString()).toBe('page=1&limit=10&sort=date&order=desc');
    await userEvent.type(screen.getByRole('searchbox'), 'thinkpad{Enter}');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('q')).toBe('thinkpad'));
  });

  it('counters within the bounds it shows, naming them when the amount is outside', async () => {
    const api = answer({
      'GET /offers/received': page([offer('o1')], 1),
      'POST /offers/o1/counter': reply(
        200,
        offer('o1', { state: 'countered', counterAmount: 52000, actions: [] }),
      ),
    });
    renderPage(<OffersReceivedPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Counter the offer for Laptop o1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter the offer for Laptop o1' });
    const amount = within(dialog).getByRole('textbox', { name: /Your price/ });
    await userEvent.type(amount, '70000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(
      within(dialog).getAllByText('From the buyer’s offer ৳45,000 up to the asking price ৳60,000').length,
    ).toBe(2);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.clear(amount);
    await userEvent.type(amount, '52000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByText('Counter-offer sent')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ amount: 52000 });
  });

  it('says so when there are no offers', async () => {
    answer({ 'GET /offers/received': page([], 0) });
    renderPage(<OffersReceivedPage />);
    expect(await screen.findByText('No offers on your listings yet')).toBeInTheDocument();
  });
});

describe('My offers', () => {
  beforeEach(() => signIn('buyer', 'buyer@example.test'));

  it("lets the buyer accept a counter-offer, and shows the seller's price and deadline", async () => {
    const countered = offer('o2', {
      state: 'countered',
      counterAmount: 52000,
      actions: ['accept', 'decline'],
    });
    const api = answer({
      'GET /offers': page([countered], 1),
      'POST /offers/o2/accept': reply(200, {
        ...countered,
        state: 'accepted',
        agreedAmount: 52000,
        actions: [],
      }),
    });
    renderPage(<MyOffersPage />);
    const table = await screen.findByRole('table', { name: 'My offers' });
    expect(within(table).getByText('৳52,000')).toBeInTheDocument();
    expect(within(table).getByText('answer by 30 Nov 2026')).toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Accept the offer for Laptop o2' }));
    expect(await screen.findByText('Offer accepted')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST' && c.path === '/offers/o2/accept')).toBe(true);
  });

  it('asks before declining', async () => {
    const countered = offer('o3', {
      state: 'countered',
      counterAmount: 52000,
      actions: ['accept', 'decline'],
    });
    const api = answer({ 'GET /offers': page([countered], 1) });
    renderPage(<MyOffersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline the offer for Laptop o3' }));
    expect(await screen.findByText('Decline this offer?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
