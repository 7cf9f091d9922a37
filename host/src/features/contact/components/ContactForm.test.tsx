import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Typing into several fields takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
import { ContactForm } from './ContactForm';

const send = vi.hoisted(() => vi.fn());
vi.mock('../api/send-contact-message', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  sendContactMessage: send,
}));

const renderForm = () =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <ContactForm />
      </MemoryRouter>
    </MantineProvider>,
  );

const ann = { uid: 'u1', email: 'ann@example.com', displayName: 'Ann', photoURL: null, emailVerified: true };

afterEach(() => {
  send.mockReset();
  useAuthStore.setState({ user: null, loading: false });
});

describe('ContactForm', () => {
  it('asks a signed-out visitor to log in and sends nothing', async () => {
    useAuthStore.setState({ user: null, loading: false });
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Contact Me' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText(/Log in first so we know where to reply/)).toBeInTheDocument();
    expect(screen.getByText('Write your message')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses a message of spaces (the API schema trims it) and sends once it has words', async () => {
    useAuthStore.setState({ user: ann, loading: false });
    send.mockResolvedValue(undefined);
    renderForm();
    expect(screen.getByLabelText(/^full name/i)).toHaveValue('Ann');
    await userEvent.type(screen.getByLabelText(/^message/i), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Contact Me' }));
    expect(screen.getByText('Write your message')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText(/^message/i), 'Is the laptop still there?');
    await userEvent.click(screen.getByRole('button', { name: 'Contact Me' }));
    expect(send).toHaveBeenCalledTimes(1);
    expect(await screen.findByLabelText(/^message/i)).toHaveValue('');
  });
});
