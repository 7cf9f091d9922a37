import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { configureApp } from 'shared-auth';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './LoginPage';

// Typing into several fields takes seconds on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

// Firebase is the third-party boundary: the test decides what sign-in answers.
const firebase = vi.hoisted(() => ({ signIn: vi.fn() }));
vi.mock('firebase/auth', () => ({
  initializeAuth: () => ({ currentUser: null, authStateReady: async () => {} }),
  indexedDBLocalPersistence: {},
  browserLocalPersistence: {},
  connectAuthEmulator: () => {},
  onAuthStateChanged: () => () => {},
  signInWithEmailAndPassword: firebase.signIn,
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

describe('LoginPage', () => {
  beforeAll(() =>
    configureApp({
      apiUrl: 'http://api.test/api/v1',
      firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-test' },
      emailjs: { publicKey: '', serviceId: '', templateId: '' },
    }),
  );
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
