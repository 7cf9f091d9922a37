import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useCheckoutIntents, type CheckoutIntent } from 'runtime-kernel';
import { buyer, renderWithProviders, setSession, TEST_API } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import { PaymentStarter } from './PaymentStarter';

const product = {
  _id: 'prod-7',
  productName: 'MacBook Air M1',
  price: 650,
  image: 'http://api.test/img.webp',
  quality: 'Good',
  location: 'Dhaka',
  year: 2021,
  phone: '01711000000',
};

function publishPayIntent() {
  useCheckoutIntents.getState().requestPayment(product);
  return useCheckoutIntents.getState().intent as Extract<CheckoutIntent, { kind: 'pay' }>;
}

describe('PaymentStarter', () => {
  beforeEach(() => {
    setSession(buyer);
    useCheckoutIntents.getState().clear();
  });

  it("posts the spec's payData with the token and goes to the gateway URL", async () => {
    const { calls } = answer({ 'POST /payment/init': 'http://api.test/api/v1/payment/sandbox/123' });
    const navigate = vi.fn();
    renderWithProviders(<PaymentStarter intent={publishPayIntent()} user={buyer} navigate={navigate} />);

    expect(screen.getByRole('dialog', { name: 'Starting your payment' })).toHaveTextContent(
      'Taking you to the secure payment page…',
    );
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('http://api.test/api/v1/payment/sandbox/123'));
    expect(calls).toHaveLength(1);
    const [{ url, headers, body: sentBody }] = calls as [(typeof calls)[number]];
    expect(url).toBe(`${TEST_API}/payment/init`);
    expect(headers.get('Authorization')).toBe('Bearer test-id-token');
    const sent = sentBody as {
      payData: Record<string, unknown> & { transactionId: number };
      language: string;
    };
    // The original client's payData, and the page's language for the hosted payment page.
    expect(Object.keys(sent)).toEqual(['payData', 'language']);
    expect(sent.language).toBe('en');
    const body = sent.payData;
    expect(body).toMatchObject({
      _id: 'prod-7',
      productName: 'MacBook Air M1',
      price: 650,
      image: 'http://api.test/img.webp',
      quality: 'Good',
      location: 'Dhaka',
      year: 2021,
      paymentType: false,
      email: 'buyer@secondbyte.test',
      phone: '01711000000',
    });
    expect(Number.isInteger(body.transactionId)).toBe(true);
    expect(body.transactionId).toBeGreaterThanOrEqual(1);
    expect(body.transactionId).toBeLessThanOrEqual(100_000_000);
  });

  it('shows an error toast and clears the intent when the API refuses', async () => {
    answer({ 'POST /payment/init': reply(409, { error: 'product_sold', message: 'sold' }) });
    const navigate = vi.fn();
    renderWithProviders(<PaymentStarter intent={publishPayIntent()} user={buyer} navigate={navigate} />);

    expect(
      await screen.findByText('Could not start the payment. This laptop has already been sold.'),
    ).toBeInTheDocument();
    expect(useCheckoutIntents.getState().intent).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('refuses to navigate to an answer that is not a web URL', async () => {
    answer({ 'POST /payment/init': 'javascript:alert(1)' });
    const navigate = vi.fn();
    renderWithProviders(<PaymentStarter intent={publishPayIntent()} user={buyer} navigate={navigate} />);

    expect(await screen.findByText(/Could not start the payment/)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(useCheckoutIntents.getState().intent).toBeNull();
  });

  it('stays on the page when the buyer cancels before the answer arrives', async () => {
    let release: (url: string) => void = () => {};
    answer({ 'POST /payment/init': () => new Promise<string>((resolve) => (release = resolve)) });
    const navigate = vi.fn();
    renderWithProviders(<PaymentStarter intent={publishPayIntent()} user={buyer} navigate={navigate} />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(useCheckoutIntents.getState().intent).toBeNull());
    release('http://api.test/pay');
    await new Promise((r) => setTimeout(r, 20));
    expect(navigate).not.toHaveBeenCalled();
  });
});
