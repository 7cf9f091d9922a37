import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { configureApp, useAuthStore, type AppConfig } from 'runtime-kernel';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Header } from './Header';
import { TestPaymentsBanner } from './TestPaymentsBanner';

// While the API takes sandbox payments (/app-config.json's testPayments) every page's header says
// so, in the page's language, in the server's HTML as in the browser's.

const config = (testPayments?: boolean): AppConfig => ({
  apiUrl: 'http://api.test/api/v1',
  firebase: { apiKey: 'k', authDomain: 'd', projectId: 'demo-test' },
  emailjs: { publicKey: '', serviceId: '', templateId: '' },
  ...(testPayments === undefined ? {} : { testPayments }),
});

// The header as MainLayout renders it on every page.
const page = () => (
  <MantineProvider>
    <MemoryRouter>
      <Header notice={<TestPaymentsBanner />} />
    </MemoryRouter>
  </MantineProvider>
);

beforeEach(() => {
  useAuthStore.setState({ user: null, loading: false });
});
afterEach(() => {
  useAuthStore.getState().setLanguage('en');
});

describe('TestPaymentsBanner', () => {
  it('says in the header that payments are test payments while the gateway is the sandbox', () => {
    configureApp(config(true));
    render(page());
    expect(
      within(screen.getByRole('banner')).getByText('Test payments: no real money moves.'),
    ).toBeInTheDocument();
  });

  it('says it in Bangla on a Bangla page', () => {
    configureApp(config(true));
    useAuthStore.getState().setLanguage('bn');
    render(page());
    expect(
      within(screen.getByRole('banner')).getByText('পরীক্ষামূলক পেমেন্ট: কোনো আসল টাকা লেনদেন হয় না।'),
    ).toBeInTheDocument();
  });

  it('is in the server-rendered HTML, inside the header', () => {
    configureApp(config(true));
    const html = renderToString(page());
    expect(html).toMatch(
      /<header[^>]*><p class="test-payments-banner">Test payments: no real money moves\.<\/p>/,
    );
  });

  it.each([false, undefined])(
    'says nothing with testPayments %s (a real gateway, or an older config)',
    (on) => {
      configureApp(config(on));
      render(page());
      expect(screen.queryByText(/Test payments/)).not.toBeInTheDocument();
      expect(renderToString(page())).not.toContain('test-payments-banner');
    },
  );
});
