import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { useAuthStore } from 'runtime-kernel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from 'web-testing/fake-api';
import type { BuildInfo } from '@/lib/federation/host-contract';
import type * as RemoteRegistry from '@/lib/federation/remote-registry';
import { AboutBuildPage } from './AboutBuildPage';

const dashboardBuild: BuildInfo = {
  name: 'dashboard',
  version: 'v2',
  buildTime: '2026-11-21T05:46:17.957Z',
  label: 'Second build',
  hostContract: '2.0',
  role: 'remote',
};

// The code this tab runs is the live release: what the remote's './BuildInfo' module would say.
vi.mock('@/lib/federation/remote-registry', async (original) => ({
  ...(await original<typeof RemoteRegistry>()),
  loadRemoteModule: vi.fn(async () => ({ default: dashboardBuild })),
}));

const MANIFESTS: Record<string, () => Response> = {
  '/remotes.json': () =>
    Response.json({
      catalog: 'http://localhost:3001/mf-manifest.json',
      dashboard: 'http://localhost:3002/releases/v2/mf-manifest.json',
      checkout: 'http://localhost:3003/mf-manifest.json',
    }),
  'http://localhost:3001/mf-manifest.json': () => new Response('missing', { status: 404 }),
  'http://localhost:3002/releases/v2/mf-manifest.json': () =>
    Response.json({ metaData: { secondbyte: dashboardBuild } }),
  'http://localhost:3003/mf-manifest.json': () => HttpResponse.error(),
};

/** Stands in for the host's server and the remotes' manifests; checkout's cannot be reached. */
function serve(overrides: Record<string, () => Response> = {}) {
  const routes = { ...MANIFESTS, ...overrides };
  server.use(...Object.entries(routes).map(([url, respond]) => http.get(url, () => respond())));
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <AboutBuildPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('About this build in Bangla', () => {
  beforeEach(() => useAuthStore.getState().setLanguage('bn'));
  afterEach(() => useAuthStore.getState().setLanguage('en'));

  it('names the parts, their state and the build time in Bangla digits', async () => {
    serve();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'এই বিল্ড সম্পর্কে' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আবার দেখুন' })).toBeInTheDocument();

    const host = screen.getByRole('region', { name: 'হোস্ট' });
    expect(host).toHaveTextContent('যে চুক্তি দেয়');
    expect(host).toHaveTextContent('অজানা');
    expect(within(host).getByTestId('label-host')).toHaveTextContent('নেই');

    const dashboard = await screen.findByRole('region', { name: 'ড্যাশবোর্ড' });
    expect(within(dashboard).getByText('প্রকাশিত সংস্করণ')).toBeInTheDocument();
    expect(within(dashboard).getByText('মানানসই')).toBeInTheDocument();
    expect(within(dashboard).getByText('২০২৬-১১-২১ ০৫:৪৬ UTC')).toBeInTheDocument();
    expect(dashboard).toHaveTextContent('যে চুক্তি লাগে');
    expect(await within(dashboard).findByTestId('running-dashboard')).toHaveTextContent(
      'এই ট্যাবে v2 (Second build) চলছে।',
    );

    const catalog = screen.getByRole('region', { name: 'ক্যাটালগ' });
    expect(within(catalog).getByText('ডেভেলপমেন্ট বিল্ড')).toBeInTheDocument();
    expect(within(catalog).getByRole('status')).toHaveTextContent('HTTP ত্রুটি 404');
    const checkout = screen.getByRole('region', { name: 'চেকআউট' });
    expect(within(checkout).getByRole('status')).toHaveTextContent('পৌঁছানো যায়নি');
    expect(within(checkout).getByRole('status')).toHaveTextContent('বিল্ডের কোনো তথ্য নেই');
  });

  it('says in Bangla when the host’s server refuses the list of remotes', async () => {
    serve({ '/remotes.json': () => new Response('down', { status: 503 }) });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('এখন কী চালু আছে, তা পড়া গেল না');
    expect(alert).toHaveTextContent('/remotes.json লোড করা গেল না (503)');
  });
});

describe('About this build', () => {
  it('keeps its English texts', async () => {
    serve({ '/remotes.json': () => new Response('down', { status: 503 }) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'About this build' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Host' })).toHaveTextContent('Provides contract');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load /remotes.json (503)');
  });
});
