import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { dispute } from '@/test/money-fixtures';
import { renderPage, signIn } from '@/test/render';
import { answer } from 'web-testing/fake-api';
import DisputesPage from './DisputesPage';

describe('Disputes (operators)', () => {
  beforeEach(() => signIn('admin'));

  it('lists the open disputes with laptop, buyer, seller, amount, reason and the day opened', async () => {
    const api = answer({ 'GET /disputes': [dispute('d1')] });
    renderPage(<DisputesPage />, { route: '/dashboard/disputes' });
    expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Open disputes' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Laptop', 'Buyer', 'Seller', 'Amount', 'Reason', 'Opened', 'Action']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('ThinkPad T14');
    expect(row).toHaveTextContent('Karim Ahmed');
    expect(row).toHaveTextContent('Rahim Uddin');
    expect(row).toHaveTextContent('৳50,000');
    expect(row).toHaveTextContent('Not as described');
    expect(row).toHaveTextContent('3 Apr 2026');
    expect(
      within(row).getByRole('link', { name: 'Review the dispute about ThinkPad T14 by Karim Ahmed' }),
    ).toHaveAttribute('href', '/dashboard/disputes/review/d1');
    expect(api.calls[0]?.query.toString()).toBe('state=open');
  });

  it('shows the resolved ones on their tab, kept in the URL, with the outcome', async () => {
    answer({
      'GET /disputes': ({ url }) =>
        url.searchParams.get('state') === 'resolved'
          ? [
              dispute('d0', {
                state: 'resolved',
                outcome: 'part-refund',
                refundPaisa: 1_000_000,
                resolvedAt: '2026-04-06T09:00:00.000Z',
              }),
            ]
          : [],
    });
    renderPage(<DisputesPage />, { route: '/dashboard/disputes' });
    expect(await screen.findByText('No open disputes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Resolved' }));
    const table = await screen.findByRole('table', { name: 'Resolved disputes' });
    expect(screen.getByTestId('location-search')).toHaveTextContent('?state=resolved');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('৳10,000 refunded, the rest released');
    expect(row).toHaveTextContent('Resolved on 6 Apr 2026');
    expect(within(row).getByRole('link', { name: /Review the dispute/ })).toHaveTextContent('View');
  });

  it('pages a long queue ten at a time', async () => {
    answer({ 'GET /disputes': Array.from({ length: 12 }, (_, i) => dispute(`d${i}`)) });
    renderPage(<DisputesPage />, { route: '/dashboard/disputes' });
    const table = await screen.findByRole('table', { name: 'Open disputes' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Showing 1–10 of 12')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Showing 11–12 of 12')).toBeInTheDocument();
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('names the tabs, the columns and the reason in Bangla', async () => {
      answer({ 'GET /disputes': [dispute('d1')] });
      renderPage(<DisputesPage />, { route: '/dashboard/disputes' });
      expect(screen.getByRole('heading', { level: 1, name: 'অভিযোগ' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'খোলা' })).toBeInTheDocument();
      const row = within(await screen.findByRole('table', { name: 'খোলা অভিযোগ' })).getAllByRole('row')[1]!;
      expect(row).toHaveTextContent('বর্ণনার সাথে মেলে না');
      expect(row).toHaveTextContent('৳৫০,০০০');
      expect(row).toHaveTextContent('৩ এপ্রি, ২০২৬');
    });
  });
});
