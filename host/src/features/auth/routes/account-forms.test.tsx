import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { configureApp } from 'shared-auth';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Typing into several fields takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { RegisterPage } from './RegisterPage';

// Firebase is the third-party boundary: nothing may reach it while a field is wrong.
const firebase = vi.hoisted(() => ({ createUser: vi.fn(), reset: vi.fn() }));
vi.mock('firebase/auth', () => ({
  initializeAuth: () => ({ currentUser: null, authStateReady: async () => {} }),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
  connectAuthEmulator: () => {},
  onAuthStateChanged: () => () => {},
  createUserWithEmailAndPassword: firebase.createUser,
  sendPasswordResetEmail: firebase.reset,
  GoogleAuthProvider: class {
    setCustomParameters() {}
  },
}));

// Mantine's FileInput is a button over a hidden file input.
const photoInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

const renderPage = (page: React.ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{page}</MemoryRouter>
    </MantineProvider>,
  );

beforeAll(() =>
  configureApp({
    apiUrl: 'http://api.test/api/v1',
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-test' },
    emailjs: { publicKey: '', serviceId: '', templateId: '' },
  }),
);
beforeEach(() => {
  firebase.createUser.mockReset();
  firebase.reset.mockReset();
});

describe('RegisterPage', () => {
  it('names every missing field and creates no account', async () => {
    renderPage(<RegisterPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Enter your name')).toBeInTheDocument();
    expect(screen.getByText('Choose a photo of yourself')).toBeInTheDocument();
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Choose a password')).toBeInTheDocument();
    expect(firebase.createUser).not.toHaveBeenCalled();
  });

  it("applies the shared schemas' photo, e-mail and password rules before anything is sent", async () => {
    renderPage(<RegisterPage />);
    await userEvent.type(screen.getByLabelText(/^name/i), 'Ann');
    const gif = new File(['GIF89a'], 'me.gif', { type: 'image/gif' });
    await userEvent.upload(photoInput(), gif, { applyAccept: false });
    await userEvent.type(screen.getByLabelText(/^e-mail/i), 'ann@example');
    await userEvent.type(screen.getByLabelText(/^password/i), 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('Use a JPEG, PNG or WebP image')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com')).toBeInTheDocument();
    expect(screen.getByText('Use at least 6 characters')).toBeInTheDocument();
    expect(screen.queryByText('Enter your name')).not.toBeInTheDocument();
    expect(firebase.createUser).not.toHaveBeenCalled();
  });

  it('refuses a photo over the upload limit', async () => {
    renderPage(<RegisterPage />);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    await userEvent.upload(photoInput(), big);
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByText('The photo is larger than 5 MB; choose a smaller one')).toBeInTheDocument();
    expect(firebase.createUser).not.toHaveBeenCalled();
  });
});

describe('ForgotPasswordPage', () => {
  it('asks for an address, then a well-formed one, before asking Firebase', async () => {
    renderPage(<ForgotPasswordPage />);
    const send = screen.getByRole('button', { name: 'Send reset link' });
    await userEvent.click(send);
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^e-mail/i), 'someone@');
    await userEvent.click(send);
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com')).toBeInTheDocument();
    expect(firebase.reset).not.toHaveBeenCalled();
  });

  it('sends the trimmed address', async () => {
    firebase.reset.mockResolvedValue(undefined);
    renderPage(<ForgotPasswordPage />);
    await userEvent.type(screen.getByLabelText(/^e-mail/i), '  ann@example.com {Enter}');
    expect(await screen.findByTestId('reset-sent')).toHaveTextContent('ann@example.com');
    expect(firebase.reset).toHaveBeenCalledWith(expect.anything(), 'ann@example.com');
  });
});
