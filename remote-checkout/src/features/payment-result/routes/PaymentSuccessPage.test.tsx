import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buyer, renderWithProviders, setSession, TEST_API } from '@/test/render';
import { answer, apiRequests, inTurn, NETWORK_ERROR, reply } from 'web-testing/fake-api';
import type { Order } from 'shared-contracts/money';
import PaymentSuccessPage, { parseTransactionId } from './PaymentSuccessPage';

const paid = {
  _id: 'pay-1',
  transactionId: 4242,
  productId: 'prod-1',
  productName: 'HP EliteBook 840',
  image: 'http://api.test/img.webp',
  email: 'buyer@secondbyte.test',
  name: 'Bea Buyer',
  phone: '01711000000',
  price: 415.5,
  status: 'paid',
  paymentType: true,
  gateway: 'sandbox',
  createdAt: '2026-11-21T05:00:00.000Z',
  paidAt: '2026-11-21T05:01:00.000Z',
};

/** The order of the paid payment, where its money is (GET /orders/4242). */
const order = (over: Partial<Order> = {}): Order => ({
  transactionId: 4242,
  productId: 'prod-1',
  productName: 'HP EliteBook 840',
  image: 'http://api.test/img.webp',
  buyerName: 'Bea Buyer',
  sellerName: 'Sam Seller',
  amountPaisa: 41_550,
  currency: 'BDT',
  funds: 'held',
  paidAt: '2026-11-21T05:01:00.000Z',
  handedOverAt: null,
  releasedAt: null,
  refundedAt: null,
  deadline: '2026-11-28T05:01:00.000Z',
  releasedPaisa: 0,
  feePaisa: 0,
  refunds: [],
  disputeId: null,
  actions: ['dispute'],
  ...over,
});

const renderPage = (query = '?transactionId=4242') =>
  renderWithProviders(<PaymentSuccessPage />, { path: '/payment/success', url: `/payment/success${query}` });

describe('PaymentSuccessPage', () => {
  beforeEach(() => setSession(buyer));

  it('shows the payment as recorded by the API, with the token', async () => {
    const { calls } = answer({
      'GET /get-data-transactionId/:id': { result: paid },
      'GET /orders/:transactionId': order(),
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    expect(screen.getByTestId('receipt-product')).toHaveTextContent('HP EliteBook 840');
    expect(screen.getByTestId('receipt-email')).toHaveTextContent('buyer@secondbyte.test');
    expect(screen.getByTestId('receipt-phone')).toHaveTextContent('01711000000');
    expect(screen.getByTestId('receipt-price')).toHaveTextContent('৳415.50');
    expect(screen.getByTestId('receipt-transaction-id')).toHaveTextContent('4242');
    expect(calls[0]?.url).toBe(`${TEST_API}/get-data-transactionId/4242`);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer test-id-token');
  });

  it('prints the receipt with its print stylesheet, without the money’s state of today', async () => {
    answer({ 'GET /get-data-transactionId/:id': { result: paid }, 'GET /orders/:transactionId': order() });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toContain('@media print');
    expect(screen.getByTestId('receipt-details').closest('[data-receipt]')).not.toBeNull();
    expect(await screen.findByTestId('funds')).toHaveAttribute('data-print-hide');
    expect(screen.getByTestId('funds').closest('[data-receipt]')).toBeNull();
  });

  it('does not call a payment successful when it is not paid', async () => {
    answer({ 'GET /get-data-transactionId/:id': { result: { ...paid, status: 'failed', paidAt: null } } });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
    expect(screen.getByText('Failed')).toBeInTheDocument();
  });

  it("refuses another account's receipt (403)", async () => {
    answer({
      'GET /get-data-transactionId/:id': reply(403, {
        error: 'forbidden',
        message: 'This is not your payment',
      }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('This receipt belongs to another account');
    expect(screen.queryByTestId('receipt-details')).not.toBeInTheDocument();
  });

  it('offers a retry when the API cannot be reached', async () => {
    const { calls } = answer({
      'GET /get-data-transactionId/:id': inTurn(NETWORK_ERROR, { result: paid }),
      'GET /orders/:transactionId': order(),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your receipt');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('receipt-product')).toHaveTextContent('HP EliteBook 840');
    expect(calls.filter((c) => c.path === '/get-data-transactionId/4242')).toHaveLength(2);
  });

  it('asks a signed-out visitor to log in and come back', async () => {
    setSession(null);
    const calls = apiRequests;
    renderPage();
    const login = screen.getByRole('link', { name: 'Login' });
    await userEvent.setup().click(login);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/payment/success');
    expect(calls).toHaveLength(0);
  });

  it('explains a missing or malformed transaction id without calling the API', () => {
    const calls = apiRequests;
    renderPage('?transactionId=abc');
    expect(screen.getByRole('alert')).toHaveTextContent('No payment to show');
    expect(calls).toHaveLength(0);
  });

  describe('where the money is', () => {
    it('says the money is held, until when, and leads to My Orders, below the receipt', async () => {
      const { calls } = answer({
        'GET /get-data-transactionId/:id': { result: paid },
        'GET /orders/:transactionId': order(),
      });
      renderPage();
      const funds = await screen.findByRole('region', { name: 'Where your money is' });
      expect(funds).toHaveTextContent('held');
      expect(funds).toHaveTextContent(
        'The seller has until 28 Nov 2026 to hand it over, or you are refunded automatically',
      );
      expect(funds).toHaveTextContent('Paid on 21 Nov 2026');
      expect(within(funds).getByRole('link', { name: 'See it in My Orders' })).toHaveAttribute(
        'href',
        '/dashboard/my-orders',
      );
      // Below the receipt, whose words stay as they were.
      const receipt = screen.getByTestId('receipt-details').closest('[data-receipt]')!;
      expect(receipt.compareDocumentPosition(funds) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(
        screen.getByText(
          'Thank you! The laptop is yours. Keep this receipt for the meeting with the seller.',
        ),
      ).toBeInTheDocument();
      const asked = calls.find((c) => c.path === '/orders/4242');
      expect(asked?.headers.get('Authorization')).toBe('Bearer test-id-token');
    });

    it('says what happens after the handover, and a refund on its way or done', async () => {
      answer({
        'GET /get-data-transactionId/:id': { result: paid },
        'GET /orders/:transactionId': inTurn(
          order({
            funds: 'handed-over',
            handedOverAt: '2026-11-22T05:00:00.000Z',
            deadline: '2026-11-25T05:00:00.000Z',
          }),
        ),
      });
      const first = renderPage();
      const funds = await screen.findByRole('region', { name: 'Where your money is' });
      expect(funds).toHaveTextContent(
        'Held until you confirm receipt — released automatically on 25 Nov 2026',
      );
      expect(funds).toHaveTextContent('Paid on 21 Nov 2026 · Handed over on 22 Nov 2026');
      first.unmount();

      const refund = {
        _id: 'r1',
        amountPaisa: 41_550,
        reason: 'cancelled',
        createdAt: '2026-11-22T05:00:00.000Z',
      };
      answer({
        'GET /get-data-transactionId/:id': { result: paid },
        'GET /orders/:transactionId': order({
          funds: 'refunded',
          deadline: null,
          refundedAt: '2026-11-22T05:00:00.000Z',
          refunds: [{ ...refund, status: 'pending', settledAt: null }],
        }),
      });
      const second = renderPage();
      expect(await screen.findByRole('region', { name: 'Where your money is' })).toHaveTextContent(
        'Refund on its way: ৳415.50 back to how you paid',
      );
      second.unmount();

      answer({
        'GET /get-data-transactionId/:id': { result: paid },
        'GET /orders/:transactionId': order({
          funds: 'refunded',
          deadline: null,
          refundedAt: '2026-11-22T05:00:00.000Z',
          refunds: [{ ...refund, status: 'done', settledAt: '2026-11-24T05:00:00.000Z' }],
        }),
      });
      renderPage();
      expect(await screen.findByRole('region', { name: 'Where your money is' })).toHaveTextContent(
        /Refund complete: .+ back with you on 24 Nov 2026/,
      );
    });

    it('shows nothing for a payment from before the hold (no order)', async () => {
      const { calls } = answer({
        'GET /get-data-transactionId/:id': { result: paid },
        'GET /orders/:transactionId': reply(404, { error: 'not_found', message: 'Order not found' }),
      });
      renderPage();
      await screen.findByTestId('receipt-product');
      await waitFor(() => expect(calls.some((c) => c.path === '/orders/4242')).toBe(true));
      await waitFor(() => expect(screen.queryByLabelText('Loading where your money is')).toBeNull());
      expect(screen.queryByRole('region', { name: 'Where your money is' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('offers a retry when it could not be loaded', async () => {
      answer({
        'GET /get-data-transactionId/:id': { result: paid },
        'GET /orders/:transactionId': inTurn(NETWORK_ERROR, order()),
      });
      renderPage();
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Could not load where your money is');
      await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
      expect(await screen.findByRole('region', { name: 'Where your money is' })).toBeInTheDocument();
    });

    it('is not asked about for a payment that is not paid', async () => {
      const { calls } = answer({
        'GET /get-data-transactionId/:id': { result: { ...paid, status: 'pending', paidAt: null } },
      });
      renderPage();
      expect(await screen.findByRole('heading', { name: 'Payment not completed' })).toBeInTheDocument();
      expect(calls.some((c) => c.path.startsWith('/orders'))).toBe(false);
    });
  });

  it('accepts only the ids the API issues', () => {
    expect(parseTransactionId('1')).toBe(1);
    expect(parseTransactionId('100000000')).toBe(100_000_000);
    for (const bad of [null, '', '0', '100000001', '-5', '1e3', '12.5', '42abc']) {
      expect(parseTransactionId(bad)).toBeNull();
    }
  });
});
