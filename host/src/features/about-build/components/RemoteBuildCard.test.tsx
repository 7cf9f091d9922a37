import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { useAuthStore } from 'runtime-kernel';
import { describe, expect, it } from 'vitest';
import type { LiveRemote } from '../api/get-live-builds';
import { RemoteBuildCard } from './RemoteBuildCard';

function renderCard(remote: LiveRemote) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RemoteBuildCard remote={remote} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const release = (hostContract: string): LiveRemote => ({
  name: 'dashboard',
  manifestUrl: 'http://localhost:3002/releases/v2/mf-manifest.json',
  source: 'release',
  error: null,
  build: {
    name: 'dashboard',
    version: 'v2',
    buildTime: '2026-11-21T05:46:17.957Z',
    label: 'Second build',
    hostContract,
    role: 'remote',
  },
});

describe('RemoteBuildCard', () => {
  it('shows the live release of a remote with its version, label and build time', () => {
    renderCard(release('2.0'));
    const card = screen.getByRole('region', { name: 'Dashboard' });
    expect(within(card).getByText('Release')).toBeInTheDocument();
    expect(within(card).getByText('Compatible')).toBeInTheDocument();
    expect(within(card).getByTestId('version-dashboard')).toHaveTextContent('v2');
    expect(within(card).getByTestId('label-dashboard')).toHaveTextContent('Second build');
    expect(within(card).getByText('2026-11-21 05:46 UTC')).toBeInTheDocument();
  });

  it('explains why a remote built for another host contract is not loaded', () => {
    renderCard(release('3.0'));
    const card = screen.getByRole('region', { name: 'Dashboard' });
    expect(within(card).getByText('Refused')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent(
      'It needs host contract 3.0 and this host provides 2.2',
    );
  });

  it('says when a remote cannot be reached', () => {
    renderCard({
      name: 'checkout',
      manifestUrl: 'http://localhost:3003/mf-manifest.json',
      source: 'development',
      build: null,
      error: { reason: 'unreachable' },
    });
    const card = screen.getByRole('region', { name: 'Checkout' });
    expect(within(card).getByText('Development build')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('Unreachable');
  });

  it('explains a refusal in Bangla', () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      renderCard(release('3.0'));
      const card = screen.getByRole('region', { name: 'ড্যাশবোর্ড' });
      expect(within(card).getByText('প্রত্যাখ্যাত')).toBeInTheDocument();
      expect(within(card).getByRole('status')).toHaveTextContent(
        'এই হোস্ট এটি লোড করে না' +
          'এর দরকার হোস্ট চুক্তি 3.0, কিন্তু এই হোস্ট দেয় 2.2; তাই দর্শকেরা এর জায়গায় “পাওয়া যাচ্ছে না” নোটিশ দেখেন।',
      );
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });
});
