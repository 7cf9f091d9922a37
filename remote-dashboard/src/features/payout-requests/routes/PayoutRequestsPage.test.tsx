import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { payout } from '@/test/money-fixtures';
import { renderPage, signIn } from '@/test/render';
import { answer, http, HttpResponse, page, reply, server } from 'web-testing/fake-api';
import PayoutRequestsPage from './PayoutRequestsPage';

const requested = [payout('p1'), payout('p2', { sellerName: 'Nasrin Akter', amountPaisa: 75_050 })];

describe('Payouts (operators)', () => {
  beforeEach(() => signIn('admin'));
  afterEach(() => vi.restoreAllMocks());

  it('lists the requested payouts: seller, amount, method masked, requested at', async () => {
    const api = answer({ 'GET /admin/payouts': requested });
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    expect(screen.getByRole('tab', { name: 'Requested' })).toHaveAttribute('aria-selected', 'true');
    const table = await screen.findByRole('table', { name: 'Requested payouts' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Rahim Uddin');
    expect(rows[1]).toHaveTextContent('৳12,500');
    expect(rows[1]).toHaveTextContent('bKash ••••••••678');
    expect(rows[1]).toHaveTextContent('3 Apr 2026');
    expect(rows[2]).toHaveTextContent('৳750.50');
    expect(api.calls[0]?.query.toString()).toBe('state=requested&page=1&limit=20');
  });

  it('pages a long queue on the server, twenty at a time', async () => {
    const api = answer({
      'GET /admin/payouts': ({ url }) =>
        page(
          Array.from({ length: url.searchParams.get('page') === '2' ? 5 : 20 }, (_, i) =>
            payout(`p${url.searchParams.get('page')}-${i}`),
          ),
          25,
        ),
    });
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    expect(await screen.findByText('Showing 1–20 of 25')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByText('Showing 21–25 of 25')).toBeInTheDocument();
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'state=requested&page=1&limit=20',
      'state=requested&page=2&limit=20',
    ]);
  });

  it('asks for the transfer reference before marking a payout paid', async () => {
    let paid = false;
    const api = answer({
      'GET /admin/payouts': () => (paid ? [requested[1]!] : requested),
      'POST /admin/payouts/p1/paid': () => {
        paid = true;
        return payout('p1', {
          state: 'paid',
          reference: 'DBBL-778812',
          settledAt: '2026-04-05T09:00:00.000Z',
        });
      },
    });
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark paid: ৳12,500 to Rahim Uddin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout paid' });
    expect(dialog).toHaveTextContent('৳12,500 to Rahim Uddin, bKash ••••••••678.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('Enter the transfer’s reference')).toBeInTheDocument();
    expect(api.count('POST', '/admin/payouts/p1/paid')).toBe(0);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Transfer reference/ }),
      ' DBBL-778812 ',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText('Payout to Rahim Uddin marked paid')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reference: 'DBBL-778812' });
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).not.toBeInTheDocument());
  });

  it('asks for the reason before marking a payout failed', async () => {
    const api = answer({
      'GET /admin/payouts': requested,
      'POST /admin/payouts/p2/failed': payout('p2', { state: 'failed', failureReason: 'Wallet closed' }),
    });
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Mark failed: ৳750.50 to Nasrin Akter' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout failed' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    expect(await within(dialog).findByText('Say why the transfer failed')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 't a wallet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));
    await waitFor(() => expect(api.count('POST', '/admin/payouts/p2/failed')).toBe(1));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'not a wallet' });
  });

  it("shows the API's refusal in the dialog", async () => {
    answer({
      'GET /admin/payouts': requested,
      'POST /admin/payouts/p1/paid': reply(409, {
        error: 'payout_settled',
        message: 'This payout is already paid',
      }),
    });
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark paid: ৳12,500 to Rahim Uddin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark payout paid' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Transfer reference/ }), 'DBBL-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This payout is already paid');
  });

  it('downloads the requested payouts as the bulk transfer CSV', async () => {
    const api = answer({ 'GET /admin/payouts': requested });
    server.use(
      http.get('http://api.test/api/v1/admin/payouts.csv', () =>
        HttpResponse.text('seller,method,amount\nRahim Uddin,bKash 01712345678,12500.00\n', {
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:payouts';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV for bulk transfer' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await saved[0]!.text()).toContain('Rahim Uddin,bKash 01712345678,12500.00');
    expect(api.calls.find((c) => c.path === '/admin/payouts.csv')?.query.toString()).toBe('state=requested');
  });

  it('says when a download is refused', async () => {
    answer({
      'GET /admin/payouts': [],
      'GET /admin/payouts.csv': reply(403, { error: 'forbidden', message: 'Only an admin can do that' }),
    });
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    expect(await screen.findByText('No payouts to send')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV for bulk transfer' }));
    expect(await screen.findByText('Only an admin can do that')).toBeInTheDocument();
  });

  it('shows the paid ones with their reference on their tab', async () => {
    answer({
      'GET /admin/payouts': ({ url }) =>
        url.searchParams.get('state') === 'paid'
          ? [payout('p0', { state: 'paid', reference: 'DBBL-1', settledAt: '2026-04-05T09:00:00.000Z' })]
          : [],
    });
    renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
    await screen.findByText('No payouts to send');
    await userEvent.click(screen.getByRole('tab', { name: 'Paid' }));
    const table = await screen.findByRole('table', { name: 'Paid payouts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['#', 'Seller', 'Amount', 'Method', 'Requested at', 'Paid on', 'Reference']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('DBBL-1');
    expect(screen.queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument();
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('asks for the reference in Bangla', async () => {
      answer({ 'GET /admin/payouts': requested });
      renderPage(<PayoutRequestsPage />, { route: '/dashboard/payout-requests' });
      await userEvent.click(
        await screen.findByRole('button', { name: 'পাঠানো হিসেবে চিহ্নিত করুন: Rahim Uddin-কে ৳১২,৫০০' }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'পেআউট পাঠানো হিসেবে চিহ্নিত করুন' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'পাঠানো হিসেবে চিহ্নিত করুন' }));
      expect(await within(dialog).findByText('ট্রান্সফারের রেফারেন্স লিখুন')).toBeInTheDocument();
    });
  });
});
