import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApp } from 'runtime-kernel';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

// Typing into several fields takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// Firebase is the third-party boundary: the test decides what sign-in answers.
const firebase = vi.hoisted(() => ({ signIn: vi.fn(), createUser: vi.fn(), reset: vi.fn() }));
vi.mock('firebase/auth', () => ({
  initializeAuth: () => ({ currentUser: null, authStateReady: async () => {} }),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
  connectAuthEmulator: () => {},
  onAuthStateChanged: () => () => {},
  signInWithEmailAndPassword: firebase.signIn,
  createUserWithEmailAndPassword: firebase.createUser,
  sendPasswordResetEmail: firebase.reset,
  GoogleAuthProvider: class {
    setCustomParameters() {}
  },
}));

function renderLogin(from?: string) {
  return render(
    <MantineProvider>
      <MemoryRouter
        initialEntries={[{ pathname: '/login', state: from ? { from: { pathname: from } } : null }]}
      >
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/details/:id" element={<p>details page</p>} />
          <Route path="/" element={<p>home page</p>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

beforeAll(() =>
  configureApp({
    apiUrl: 'http://api.test/api/v1',
    firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-test' },
    emailjs: { publicKey: '', serviceId: '', templateId: '' },
  }),
);

describe('LoginPage', () => {
  // A block body: a function returned from beforeEach would run as its cleanup.
  beforeEach(() => {
    firebase.signIn.mockReset();
  });

  it('asks for both fields before calling Firebase', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(firebase.signIn).not.toHaveBeenCalled();
  });

  it("refuses an address the API's e-mail schema refuses, before calling Firebase", async () => {
    renderLogin();
    await userEvent.type(screen.getByLabelText(/^e-mail/i), 'a@b.c');
    await userEvent.type(screen.getByLabelText(/^password/i), 'whatever{Enter}');
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Enter your password')).not.toBeInTheDocument();
    expect(firebase.signIn).not.toHaveBeenCalled();
  });

  it('shows a refused sign-in as a sentence above the form and stays on the page', async () => {
    const refusal = Object.assign(new Error('Firebase: Error (auth/invalid-credential).'), {
      code: 'auth/invalid-credential',
    });
    firebase.signIn.mockRejectedValue(refusal);
    renderLogin();
    await userEvent.type(screen.getByLabelText(/^e-mail/i), 'a@example.com');
    await userEvent.type(screen.getByLabelText(/^password/i), 'nope-nope');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail address or password is not right.');
    expect(alert).not.toHaveTextContent(/firebase/i);
    expect(screen.getByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('returns to the remembered page after signing in', async () => {
    firebase.signIn.mockResolvedValue({ user: { email: 'a@example.com' } });
    renderLogin('/details/42');
    await userEvent.type(screen.getByLabelText(/^e-mail/i), 'a@example.com');
    await userEvent.type(screen.getByLabelText(/^password/i), 'right-one{Enter}');
    expect(await screen.findByText('details page')).toBeInTheDocument();
    expect(firebase.signIn).toHaveBeenCalledWith(expect.anything(), 'a@example.com', 'right-one');
  });
});

// Mantine's FileInput is a button over a hidden file input.
const photoInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

const renderPage = (page: React.ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{page}</MemoryRouter>
    </MantineProvider>,
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
