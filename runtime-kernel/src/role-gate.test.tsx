import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore, type AuthState } from './auth-store';
import { loadLanguage } from './messages';
import { decideRoleAccess, RoleGate } from './role-gate';

const user = {
  uid: 'u1',
  email: 'buyer@example.com',
  displayName: 'Bea',
  photoURL: null,
  emailVerified: true,
};
type GateState = Pick<AuthState, 'user' | 'loading' | 'role' | 'roleStatus'>;
const base: GateState = { user, loading: false, role: null, roleStatus: 'idle' };

describe('decideRoleAccess', () => {
  it.each<[string, Partial<GateState>, string]>([
    ['auth still loading', { loading: true }, 'loading'],
    ['signed out', { user: null }, 'signed-out'],
    ['profile not asked yet', { roleStatus: 'idle' }, 'loading'],
    ['profile in flight', { roleStatus: 'loading' }, 'loading'],
    ['no profile', { roleStatus: 'missing' }, 'no-profile'],
    ['API failed', { roleStatus: 'error' }, 'error'],
    ['admin on an admin page', { role: 'admin', roleStatus: 'ready' }, 'allowed'],
    ['buyer on an admin page', { role: 'buyer', roleStatus: 'ready' }, 'forbidden'],
  ])('%s', (_label, patch, expected) => {
    expect(decideRoleAccess({ ...base, ...patch }, ['admin'])).toBe(expected);
  });
});

function LoginProbe() {
  const from = (useLocation().state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

function renderGate() {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/dashboard/users/all-seller']}>
        <Routes>
          <Route
            path="/dashboard/users/all-seller"
            element={
              <RoleGate roles={['admin']}>
                <p>secret sellers</p>
              </RoleGate>
            }
          />
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('RoleGate', () => {
  beforeEach(() => useAuthStore.setState({ ...base, language: 'en' }));

  it('tells a buyer they are not allowed and never renders the page', () => {
    useAuthStore.setState({ role: 'buyer', roleStatus: 'ready' });
    renderGate();
    expect(screen.getByRole('alert')).toHaveTextContent('You are not allowed to see this page');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page is only for admins. You are signed in as a buyer.',
    );
    expect(screen.queryByText('secret sellers')).not.toBeInTheDocument();
  });

  it('says it in Bangla on a Bangla page, naming the roles in their order', async () => {
    await loadLanguage('bn');
    useAuthStore.setState({ role: 'buyer', roleStatus: 'ready', language: 'bn' });
    render(
      <MantineProvider>
        <MemoryRouter>
          <RoleGate roles={['seller', 'admin']}>
            <p>secret</p>
          </RoleGate>
        </MemoryRouter>
      </MantineProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('এই পাতাটি দেখার অনুমতি আপনার নেই');
    expect(alert).toHaveTextContent(
      'এই পাতাটি শুধু অ্যাডমিন ও বিক্রেতাদের জন্য। আপনি ক্রেতা হিসেবে সাইন ইন করেছেন।',
    );
    expect(screen.getByRole('link', { name: 'আপনার ড্যাশবোর্ডে ফিরে যান' })).toBeInTheDocument();
  });

  it('renders the page for the right role', () => {
    useAuthStore.setState({ role: 'admin', roleStatus: 'ready' });
    renderGate();
    expect(screen.getByText('secret sellers')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /login remembering the page', () => {
    useAuthStore.setState({ user: null });
    renderGate();
    expect(screen.getByText('login page, from /dashboard/users/all-seller')).toBeInTheDocument();
  });

  it('waits while the role is being fetched', () => {
    useAuthStore.setState({ roleStatus: 'loading' });
    renderGate();
    expect(screen.getByTestId('role-gate-loading')).toBeInTheDocument();
    expect(screen.queryByText('secret sellers')).not.toBeInTheDocument();
  });
});
