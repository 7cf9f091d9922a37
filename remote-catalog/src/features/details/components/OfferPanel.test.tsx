import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Offer } from 'shared-contracts/offers';
import { answer, reply } from 'web-testing/fake-api';
import { buyer, makeProduct, renderWithProviders, setSession } from '@/test/render';
import { OfferPanel } from './OfferPanel';

const offer = (overrides: Partial<Offer> = {}): Offer => ({
  _id: 'o1',
  productId: 'p1',
  productName: 'Dell XPS 13 9310',
  image: null,
  askingPrice: 649.99,
  buyerName: 'Bina',
  sellerName: 'Sam Seller',
  amount: 400,
  counterAmount: null,
  agreedAmount: null,
  state: 'pending',
  expiresAt: '2026-11-30T10:00:00.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
  stateChangedAt: '2026-11-28T10:00:00.000Z',
  actions: [],
  ...overrides,
});

describe('OfferPanel', () => {
  it("shows the buyer's waiting offer and no second Make an offer", async () => {
    setSession(buyer);
    answer({ 'GET /offers/mine': { offer: offer(), minimum: 325 } });
    renderWithProviders(<OfferPanel product={makeProduct()} own={false} />);
    expect(await screen.findByTestId('offer-state')).toHaveTextContent(
      'Your offer of ৳400 is waiting for the seller until 30 Nov 2026.',
    );
    expect(screen.queryByRole('button', { name: /Make an offer/ })).not.toBeInTheDocument();
  });

  it('shows a counter-offer with the way to answer it in the dashboard', async () => {
    setSession(buyer);
    answer({
      'GET /offers/mine': { offer: offer({ state: 'countered', counterAmount: 600 }), minimum: 325 },
    });
    renderWithProviders(<OfferPanel product={makeProduct()} own={false} />);
    expect(await screen.findByTestId('offer-state')).toHaveTextContent(
      'The seller answered your ৳400 with ৳600',
    );
    expect(screen.getByRole('link', { name: 'Answer in My offers' })).toHaveAttribute(
      'href',
      '/dashboard/my-offers',
    );
  });

  it('checks the amount against the shared rule with the minimum shown, then sends the offer', async () => {
    setSession(buyer);
    const { calls } = answer({
      'GET /offers/mine': { offer: offer({ state: 'declined' }), minimum: 325 },
      'POST /offers': reply(201, offer({ amount: 500 })),
    });
    renderWithProviders(<OfferPanel product={makeProduct()} own={false} />);
    expect(await screen.findByTestId('offer-state')).toHaveTextContent('You can make another.');
    await userEvent.click(screen.getByRole('button', { name: 'Make an offer for Dell XPS 13 9310' }));
    const amount = await screen.findByRole('textbox', { name: /Your offer/ });
    expect(screen.getByText('From ৳325 (half the asking price) up to ৳649.99')).toBeInTheDocument();
    await userEvent.type(amount, '300');
    fireEvent.blur(amount);
    expect(await screen.findByText('The lowest offer is ৳325, half the asking price')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByText('Offer sent to the seller')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ productId: 'p1', amount: 500 });
  });

  it("shows the API's refusal in the form and keeps it open", async () => {
    setSession(buyer);
    answer({
      'GET /offers/mine': { offer: null, minimum: 325 },
      'POST /offers': reply(409, {
        error: 'offer_exists',
        message: 'You already have an open offer on this laptop',
      }),
    });
    renderWithProviders(<OfferPanel product={makeProduct()} own={false} />);
    await userEvent.click(await screen.findByRole('button', { name: /Make an offer/ }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Your offer/ }), '400');
    await userEvent.click(screen.getByRole('button', { name: 'Send offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have an open offer on this laptop',
    );
  });

  it("is not offered on one's own listing and asks nothing of the API", () => {
    setSession(buyer);
    renderWithProviders(<OfferPanel product={makeProduct()} own />);
    expect(screen.queryByTestId('offer-panel')).not.toBeInTheDocument();
  });
});
