import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The rule's module (with zod) is fetched on the first submit, which a busy machine makes slow.
vi.setConfig({ testTimeout: 20_000 });
import { NewsletterForm } from './NewsletterForm';

const subscribe = vi.hoisted(() => vi.fn());
vi.mock('../api/subscribe-newsletter', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useSubscribeNewsletter: () => useMutation({ mutationFn: subscribe }) };
});

const renderForm = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <NewsletterForm />
      </QueryClientProvider>
    </MantineProvider>,
  );

afterEach(() => subscribe.mockReset());

describe('NewsletterForm', () => {
  it("checks the address with the API's schema, clears the message as the visitor types, and sends it trimmed", async () => {
    subscribe.mockResolvedValue({ acknowledged: true });
    renderForm();
    const email = screen.getByLabelText('Enter your email address');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    await userEvent.type(email, 'ann@example');
    expect(screen.queryByText('Enter your e-mail address')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('Enter a valid e-mail address, like name@example.com'),
    ).toBeInTheDocument();
    expect(subscribe).not.toHaveBeenCalled();
    await userEvent.type(email, '.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(subscribe).toHaveBeenCalled());
    expect(subscribe.mock.calls[0]?.[0]).toEqual({ email: 'ann@example.com' });
    await vi.waitFor(() => expect(email).toHaveValue(''));
  });
});
