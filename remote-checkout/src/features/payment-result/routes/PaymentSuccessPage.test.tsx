import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buyer, renderWithProviders, setSession, TEST_API } from '@/test/render';
import { answer, apiRequests, inTurn, NETWORK_ERROR, reply } from 'web-testing/fake-api';
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

const renderPage = (query = '?transactionId=4242') =>
  renderWithProviders(<PaymentSuccessPage />, { path: '/payment/success', url: `/payment/success${query}` });

describe('PaymentSuccessPage', () => {
  beforeEach(() => setSession(buyer));

  it('shows the payment as recorded by the API, with the token', async () => {
    const { calls } = answer({ 'GET /get-data-transactionId/:id': { result: paid } });
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

  it('prints the receipt with its print stylesheet', async () => {
    answer({ 'GET /get-data-transactionId/:id': { result: paid } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toContain('@media print');
    expect(screen.getByTestId('receipt-details').closest('[data-receipt]')).not.toBeNull();
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
    const { calls } = answer({ 'GET /get-data-transactionId/:id': inTurn(NETWORK_ERROR, { result: paid }) });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your receipt');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('receipt-product')).toHaveTextContent('HP EliteBook 840');
    expect(calls).toHaveLength(2);
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

  it('accepts only the ids the API issues', () => {
    expect(parseTransactionId('1')).toBe(1);
    expect(parseTransactionId('100000000')).toBe(100_000_000);
    for (const bad of [null, '', '0', '100000001', '-5', '1e3', '12.5', '42abc']) {
      expect(parseTransactionId(bad)).toBeNull();
    }
  });
});
