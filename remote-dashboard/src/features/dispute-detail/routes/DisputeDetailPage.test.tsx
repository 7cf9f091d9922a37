import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes } from 'react-router';
import type { Dispute, Order } from 'shared-contracts/money';
import { renderPage, signIn } from '@/test/render';
import { TEST_API, answer, inTurn, NETWORK_ERROR, reply } from 'web-testing/fake-api';
import DisputeDetailPage from './DisputeDetailPage';

const order = (over: Partial<Order> = {}): Order => ({
  transactionId: 4242,
  productId: 'prod-1',
  productName: 'ThinkPad T14',
  image: `${TEST_API}/images/t14.webp`,
  buyerName: 'Bina Buyer',
  sellerName: 'Sami Seller',
  amountPaisa: 5_000_000,
  currency: 'BDT',
  funds: 'disputed',
  paidAt: '2026-04-01T09:00:00.000Z',
  handedOverAt: '2026-04-02T12:00:00.000Z',
  releasedAt: null,
  refundedAt: null,
  deadline: null,
  releasedPaisa: 0,
  feePaisa: 0,
  refunds: [],
  disputeId: 'd1',
  actions: [],
  ...over,
});

const dispute = (over: Partial<Dispute> = {}): Dispute => ({
  _id: 'd1',
  order: order(),
  reason: 'not-as-described',
  text: 'The battery holds 20 minutes,\nnot the 4 hours the listing said.',
  photos: [`${TEST_API}/images/battery-1.webp`, `${TEST_API}/images/battery-2.webp`],
  state: 'open',
  openedAt: '2026-04-03T10:00:00.000Z',
  outcome: null,
  refundPaisa: null,
  note: null,
  resolvedAt: null,
  conversationId: 'conv-1',
  ...over,
});

const renderDispute = (id = 'd1') =>
  renderPage(
    <Routes>
      <Route path="disputes/:id" element={<DisputeDetailPage />} />
    </Routes>,
    { route: `/dashboard/disputes/${id}` },
  );

describe('a dispute’s page', () => {
  beforeEach(() => signIn('buyer', 'buyer@example.test'));

  it('shows the order, the problem in the buyer’s words, its photos and the conversation', async () => {
    const api = answer({ 'GET /disputes/d1': dispute() });
    renderDispute();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute about ThinkPad T14' }),
    ).toBeInTheDocument();
    expect(api.calls[0]?.path).toBe('/disputes/d1');
    expect(screen.getByText('Reported on 3 Apr 2026')).toBeInTheDocument();
    expect(screen.getByText('open')).toBeInTheDocument();
    const orderPart = screen.getByRole('region', { name: 'The order' });
    expect(orderPart).toHaveTextContent('Sold by Sami Seller · ৳50,000');
    expect(within(orderPart).getByText('disputed')).toBeInTheDocument();
    expect(orderPart).toHaveTextContent('Held while SecondByte looks into the problem you reported');
    // The order's own link to this dispute is not repeated on it.
    expect(within(orderPart).queryByRole('link', { name: 'View the dispute' })).not.toBeInTheDocument();
    const problem = screen.getByRole('region', { name: 'The problem' });
    expect(problem).toHaveTextContent('It is not as described');
    expect(within(problem).getByText(/The battery holds 20 minutes/)).toHaveTextContent(
      'The battery holds 20 minutes, not the 4 hours the listing said.',
    );
    expect(screen.getByRole('region', { name: 'Outcome' })).toHaveTextContent(
      'SecondByte is looking into it.',
    );
    expect(
      screen.getByRole('link', { name: 'Open the conversation between the buyer and the seller' }),
    ).toHaveAttribute('href', '/dashboard/messages/conv-1');
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
  });

  it('opens a photo larger in a dialog with a title', async () => {
    answer({ 'GET /disputes/d1': dispute() });
    renderDispute();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Open photo 2 of 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 2 of 2' });
    expect(within(dialog).getByRole('img', { name: 'Photo 2 of 2' })).toHaveAttribute(
      'src',
      `${TEST_API}/images/battery-2.webp`,
    );
  });

  it('shows a part refund with its amount and the operator’s note, from the seller’s side', async () => {
    signIn('seller', 'seller@example.test');
    answer({
      'GET /disputes/d1': dispute({
        order: order({
          funds: 'part-refunded',
          releasedPaisa: 3_800_000,
          refundedAt: '2026-04-05T10:00:00.000Z',
          refunds: [
            {
              _id: 'r1',
              amountPaisa: 1_000_000,
              status: 'done',
              reason: 'dispute',
              createdAt: '2026-04-05T10:00:00.000Z',
              settledAt: '2026-04-06T10:00:00.000Z',
            },
          ],
        }),
        state: 'resolved',
        outcome: 'part-refund',
        refundPaisa: 1_000_000,
        note: 'The battery is worn; a new one costs about ৳10,000.',
        resolvedAt: '2026-04-05T10:00:00.000Z',
        photos: [],
        conversationId: null,
      }),
    });
    renderDispute();
    const outcome = await screen.findByRole('region', { name: 'Outcome' });
    expect(outcome).toHaveTextContent('৳10,000 refunded to the buyer; the rest released to the seller');
    expect(outcome).toHaveTextContent('Resolved on 5 Apr 2026');
    expect(outcome).toHaveTextContent('Note from SecondByte');
    expect(outcome).toHaveTextContent('The battery is worn; a new one costs about ৳10,000.');
    expect(screen.getByText('resolved')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'The order' })).toHaveTextContent(
      '৳10,000 refunded to the buyer on 6 Apr 2026; the rest was released to your balance',
    );
    expect(screen.getByText('No photos were added.')).toBeInTheDocument();
    expect(
      screen.getByText('The buyer and the seller have not written to each other about this laptop.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Buyers' })).toBeInTheDocument();
  });

  it('shows both people to an operator, without a side’s next step', async () => {
    signIn('admin', 'admin@example.test');
    answer({
      'GET /disputes/d1': dispute({
        state: 'resolved',
        outcome: 'refund',
        resolvedAt: '2026-04-05T10:00:00.000Z',
      }),
    });
    renderDispute();
    const orderPart = await screen.findByRole('region', { name: 'The order' });
    expect(orderPart).toHaveTextContent('Bought by Bina Buyer from Sami Seller');
    expect(orderPart).not.toHaveTextContent('you reported');
    expect(screen.getByRole('region', { name: 'Outcome' })).toHaveTextContent(
      'Refunded to the buyer in full',
    );
  });

  it('says a dispute that is not the reader’s does not exist', async () => {
    answer({ 'GET /disputes/d9': reply(404, { error: 'not_found', message: 'Dispute not found' }) });
    renderDispute('d9');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dispute not found');
    expect(alert).toHaveTextContent('It does not exist, or it is about an order that is not yours.');
  });

  it('offers to try again when the API cannot be reached', async () => {
    answer({ 'GET /disputes/d1': inTurn(NETWORK_ERROR, dispute()) });
    renderDispute();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The dispute could not be loaded');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute about ThinkPad T14' }),
    ).toBeInTheDocument();
  });
});
