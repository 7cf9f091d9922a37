import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import PaymentFailPage from './PaymentFailPage';

describe('PaymentFailPage', () => {
  it.each(['/payment/fail', '/cancel'])('%s says the payment did not happen and leads home', async (path) => {
    renderWithProviders(<PaymentFailPage />, { path, url: path });
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go To Home' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
