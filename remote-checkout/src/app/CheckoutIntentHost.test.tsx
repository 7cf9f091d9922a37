import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useCheckoutIntents } from 'runtime-kernel';
import { buyer, renderWithProviders, setSession } from '@/test/render';
import { apiRequests } from 'web-testing/fake-api';
import CheckoutIntentHost from './CheckoutIntentHost';

const product = { _id: 'prod-9', productName: 'Dell XPS 13', price: 700 };

describe('CheckoutIntentHost', () => {
  beforeEach(() => useCheckoutIntents.getState().clear());

  it('opens the booking modal for a Book Now intent', async () => {
    setSession(buyer);
    useCheckoutIntents.getState().requestBooking(product);
    renderWithProviders(<CheckoutIntentHost />);
    expect(await screen.findByRole('dialog', { name: 'Book this laptop' })).toBeInTheDocument();
    expect(screen.getByLabelText('Product')).toHaveValue('Dell XPS 13');
  });

  it('sends a signed-out visitor to /login, remembering the page, and drops the intent', async () => {
    setSession(null);
    useCheckoutIntents.getState().requestBooking(product);
    renderWithProviders(<CheckoutIntentHost />, {
      path: '/category/products/:id',
      url: '/category/products/04',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/category/products/04');
    expect(useCheckoutIntents.getState().intent).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits for the auth state before deciding', () => {
    setSession(null, true);
    useCheckoutIntents.getState().requestPayment(product);
    const calls = apiRequests;
    renderWithProviders(<CheckoutIntentHost />, { url: '/details/prod-9', path: '/details/:id' });
    expect(screen.getByTestId('location')).toHaveTextContent('/details/prod-9');
    expect(useCheckoutIntents.getState().intent).not.toBeNull();
    expect(calls).toHaveLength(0);
  });
});
