import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { moneyTotals } from '@/test/money-fixtures';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import MoneyPage from './MoneyPage';

const figure = (name: string) =>
  screen.getByText(name, { selector: 'dt' }).closest('dl')!.querySelector('dd');

describe('Money (operators)', () => {
  beforeEach(() => signIn('admin'));

  it('shows the eight totals in taka, the ledger balanced, and each seller', async () => {
    const api = answer({ 'GET /admin/money': moneyTotals() });
    renderPage(<MoneyPage />, { route: '/dashboard/money' });
    expect(await screen.findByText('Ledger balanced')).toBeInTheDocument();
    expect(figure('Received')).toHaveTextContent('৳250,000');
    expect(figure('Held')).toHaveTextContent('৳89,500');
    expect(figure('Available to sellers')).toHaveTextContent('৳12,500.50');
    expect(figure('Payouts pending')).toHaveTextContent('৳12,500');
    expect(figure('Paid out')).toHaveTextContent('৳120,000');
    expect(figure('Refunds pending')).toHaveTextContent('৳0');
    expect(figure('Refunded')).toHaveTextContent('৳10,499.50');
    expect(figure('Fees')).toHaveTextContent('৳5,000');
    expect(screen.getByRole('link', { name: 'Open disputes: 2' })).toHaveAttribute(
      'href',
      '/dashboard/disputes',
    );
    expect(screen.getByRole('link', { name: 'Payouts to send: 1' })).toHaveAttribute(
      'href',
      '/dashboard/payout-requests',
    );
    const row = within(screen.getByRole('table', { name: 'Money by seller' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Rahim Uddin৳89,500৳12,500.50৳12,500');
    // The figures and the sellers' table read one answer.
    expect(api.count('GET', '/admin/money')).toBe(1);
  });

  it('raises the alarm when the ledger is out of balance', async () => {
    answer({ 'GET /admin/money': moneyTotals({ balanced: false }) });
    renderPage(<MoneyPage />, { route: '/dashboard/money' });
    const alarm = await screen.findByRole('alert');
    expect(alarm).toHaveTextContent('Ledger out of balance');
    expect(screen.queryByText('Ledger balanced')).not.toBeInTheDocument();
  });

  it('says when the totals could not be loaded', async () => {
    answer({ 'GET /admin/money': reply(503, { error: 'unavailable', message: 'Ledger is busy' }) });
    renderPage(<MoneyPage />, { route: '/dashboard/money' });
    expect(await screen.findByText('The money totals could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Ledger is busy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('shows the totals and the ledger check in Bangla', async () => {
      answer({ 'GET /admin/money': moneyTotals() });
      renderPage(<MoneyPage />, { route: '/dashboard/money' });
      expect(await screen.findByText('লেজার মিলেছে')).toBeInTheDocument();
      expect(figure('পাওয়া গেছে')).toHaveTextContent('৳২,৫০,০০০');
      expect(figure('ফি')).toHaveTextContent('৳৫,০০০');
    });
  });
});
