import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useAuthStore, useCheckoutIntents, type SelectedProduct } from 'runtime-kernel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetRemote } from '@/lib/federation/remote-registry';
import { CheckoutIntentMount } from './CheckoutIntentMount';

// The press of Book Now, Buy Now or Pay answers with the host's dialog while checkout's code
// loads. No checkout remote is registered here, so its load fails as a lost connection would.

const product = { _id: 'p1', productName: 'ThinkPad X1', price: 500 } as SelectedProduct;
const buyer = { uid: 'u1', email: 'bo@example.test', displayName: 'Bo' };

// The login page's part that matters here: where it sends the visitor back to.
function LoginStandIn() {
  const from = (useLocation().state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>log in, then back to {from}</p>;
}

const renderMount = () =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <CheckoutIntentMount />
      </MemoryRouter>
    </MantineProvider>,
  );

beforeEach(() => {
  useAuthStore.setState({ user: buyer as never, loading: false });
});
afterEach(() => {
  // Each test starts before checkout's first load, as a page does.
  resetRemote('checkout');
  useCheckoutIntents.getState().clear();
  useAuthStore.getState().setLanguage('en');
});

describe('CheckoutIntentMount', () => {
  it('shows nothing until a page asks for checkout', () => {
    renderMount();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('answers Book Now at once with its dialog, loading', () => {
    renderMount();
    act(() => useCheckoutIntents.getState().requestBooking(product));
    const dialog = screen.getByRole('dialog', { name: 'Book this laptop' });
    expect(within(dialog).getByLabelText('Loading')).toBeInTheDocument();
  });

  it('answers Buy Now with the payment dialog, in Bangla on a Bangla page', () => {
    useAuthStore.getState().setLanguage('bn');
    renderMount();
    act(() => useCheckoutIntents.getState().requestPayment(product));
    const dialog = screen.getByRole('dialog', { name: 'পেমেন্ট শুরু হচ্ছে' });
    expect(within(dialog).getByLabelText('লোড হচ্ছে')).toBeInTheDocument();
  });

  it('says in its dialog when checkout cannot be loaded, and closing it drops the request', async () => {
    renderMount();
    act(() => useCheckoutIntents.getState().requestBooking(product));
    // The dialog stays; its contents become the notice.
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(await screen.findByRole('dialog', { name: 'Book this laptop' })).toContainElement(alert);
    expect(alert).toHaveTextContent('This part of SecondByte is unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(useCheckoutIntents.getState().intent).toBeNull();
  });

  it('sends a signed-out visitor to log in at once, remembering the page, with no dialog', async () => {
    useAuthStore.setState({ user: null, loading: false });
    render(
      <MantineProvider>
        <MemoryRouter initialEntries={['/details/p1']}>
          <Routes>
            <Route path="/details/:id" element={<CheckoutIntentMount />} />
            <Route path="/login" element={<LoginStandIn />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    act(() => useCheckoutIntents.getState().requestBooking(product));
    expect(await screen.findByText('log in, then back to /details/p1')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useCheckoutIntents.getState().intent).toBeNull();
  });
});
