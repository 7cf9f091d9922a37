import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import type { StatementLine } from 'shared-contracts/money';
import { balance, bkash, payout } from '@/test/money-fixtures';
import { renderPage, signIn } from '@/test/render';
import { answer, http, HttpResponse, page, reply, server, type Routes } from 'web-testing/fake-api';
import { fakeFirebaseAuth, signInFake } from 'web-testing/fake-firebase';
import PayoutsPage from './PayoutsPage';

const line = (over: Partial<StatementLine> = {}): StatementLine => ({
  at: '2026-04-02T12:00:00.000Z',
  kind: 'release',
  account: 'available',
  amountPaisa: 4_500_000,
  transactionId: 48_213_007,
  payoutId: null,
  memo: 'Order 48213007 released',
  ...over,
});

/** The page's three reads, with what a test changes. */
const seller = (routes: Routes = {}) =>
  answer({
    'GET /balance': balance(),
    'GET /payouts': [],
    'GET /balance/statement': page([], 0),
    ...routes,
  });

/** The amount a figure's label names (each figure is a description list of one term). */
const figure = (name: string) =>
  screen.getByText(name, { selector: 'dt' }).closest('dl')!.querySelector('dd');

describe('Earnings & payouts', () => {
  beforeEach(() => signIn('seller'));
  afterEach(() => {
    vi.restoreAllMocks();
    fakeFirebaseAuth.currentUser = null;
  });

  it('shows the four figures of the balance in taka, and the payout method masked', async () => {
    seller();
    renderPage(<PayoutsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Earnings & payouts' })).toBeInTheDocument();
    await waitFor(() => expect(figure('Held')).toHaveTextContent('৳89,500'));
    expect(figure('Available')).toHaveTextContent('৳12,500.50');
    expect(figure('Payout pending')).toHaveTextContent('৳0');
    expect(figure('Paid out')).toHaveTextContent('৳40,000');
    expect(screen.getByTestId('payout-method')).toHaveTextContent('bKash ••••••••678');
  });

  it('requests a payout of the whole available balance after a confirmation', async () => {
    const api = seller({ 'POST /payouts': payout('p1', { amountPaisa: 1_250_050 }) });
    renderPage(<PayoutsPage />);
    const button = await screen.findByRole('button', { name: 'Request payout of ৳12,500.50' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Request this payout?' });
    expect(dialog).toHaveTextContent('৳12,500.50 will be sent to bKash ••••••••678.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('Payout of ৳12,500.50 requested')).toBeInTheDocument();
    expect(api.count('POST', '/payouts')).toBe(1);
    // The balance, the payouts and the statement are read again.
    await waitFor(() => expect(api.count('GET', '/balance')).toBe(2));
  });

  it('disables the request below the minimum and says the minimum', async () => {
    seller({ 'GET /balance': balance({ availablePaisa: 30_000 }) });
    renderPage(<PayoutsPage />);
    const button = await screen.findByRole('button', { name: 'Request payout of ৳300' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('The minimum payout is ৳500.');
  });

  it('disables the request without a payout method, and offers to add one', async () => {
    seller({ 'GET /balance': balance({ method: null }) });
    renderPage(<PayoutsPage />);
    expect(await screen.findByRole('button', { name: 'Request payout of ৳12,500.50' })).toBeDisabled();
    expect(screen.getByTestId('payout-blocker')).toHaveTextContent(
      'Add a payout method to request a payout.',
    );
    expect(screen.getByText('No payout method yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add payout method' })).toBeInTheDocument();
  });

  it('disables the request while a payout is on its way', async () => {
    seller({ 'GET /balance': balance({ payoutPendingPaisa: 1_000_000 }) });
    renderPage(<PayoutsPage />);
    expect(await screen.findByRole('button', { name: /Request payout of/ })).toBeDisabled();
    expect(screen.getByTestId('payout-blocker')).toHaveTextContent(
      'Your payout of ৳10,000 is on its way. You can ask for the next one once it is paid.',
    );
  });

  it("shows the API's refusal under the button", async () => {
    seller({
      'POST /payouts': reply(409, {
        error: 'payout_already_requested',
        message: 'You already have a payout on its way',
      }),
    });
    renderPage(<PayoutsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request payout of ৳12,500.50' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Request payout' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have a payout on its way');
  });

  it('lists the payouts with their state, reference and dates', async () => {
    seller({
      'GET /payouts': [
        payout('p2'),
        payout('p1', {
          state: 'paid',
          reference: 'BULK-2026-04-05',
          settledAt: '2026-04-05T09:00:00.000Z',
        }),
        payout('p0', {
          state: 'failed',
          failureReason: 'Wallet closed',
          settledAt: '2026-03-20T09:00:00.000Z',
        }),
      ],
    });
    renderPage(<PayoutsPage />);
    const table = await screen.findByRole('table', { name: 'Your payouts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Requested');
    expect(rows[1]).toHaveTextContent('৳12,500');
    expect(rows[1]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('BULK-2026-04-05');
    expect(rows[1]).toHaveTextContent('5 Apr 2026');
    expect(rows[2]).toHaveTextContent('Failed: Wallet closed');
  });

  it('pages the statement with signed amounts, and downloads it as CSV', async () => {
    const api = seller({
      'GET /balance/statement': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? page([line({ kind: 'capture', account: 'held', amountPaisa: 9_000_000 })], 21)
          : page(
              [
                line({
                  kind: 'payout-requested',
                  amountPaisa: -1_250_000,
                  transactionId: null,
                  payoutId: 'p1',
                }),
                ...Array.from({ length: 19 }, () => line()),
              ].map((l, i) => ({ ...l, at: `2026-04-0${(i % 9) + 1}T12:00:00.000Z`, memo: `m${i}` })),
              21,
            ),
    });
    server.use(
      http.get('http://api.test/api/v1/balance/statement.csv', () =>
        HttpResponse.text('at,kind,account,amountPaisa\n2026-04-02,release,available,4500000\n', {
          headers: { 'Content-Type': 'text/csv' },
        }),
      ),
    );
    const saved: Blob[] = [];
    // jsdom saves no files: the Blob handed to the browser is what the seller would get.
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:statement';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    signInFake();
    renderPage(<PayoutsPage />);
    const table = await screen.findByRole('table', { name: 'Statement' });
    const first = within(table).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Payout requested');
    expect(first).toHaveTextContent('−৳12,500');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('+৳45,000');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Order 48213007');
    expect(api.calls.find((c) => c.path === '/balance/statement')?.query.toString()).toBe('page=1&limit=20');

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await within(table).findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toHaveTextContent('?page=2');

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await saved[0]!.text()).toContain('release,available,4500000');
    const request = api.calls.find((c) => c.path === '/balance/statement.csv');
    // A link cannot carry the token: the file comes through the API client, with it.
    expect(request?.headers.get('Authorization')).toBe('Bearer test-id-token');
    expect(click.mock.contexts[0]).toHaveProperty(
      'download',
      expect.stringMatching(/^secondbyte-statement-\d{4}-\d\d-\d\d\.csv$/),
    );
  });

  it('says when the balance could not be loaded, and tries again', async () => {
    let fail = true;
    seller({
      'GET /balance': () =>
        fail ? reply(500, { error: 'internal', message: 'Database unavailable' }) : balance(),
    });
    renderPage(<PayoutsPage />);
    expect(await screen.findByText('Your balance could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Held')).toHaveTextContent('৳89,500'));
  });

  it('says when nothing has happened yet', async () => {
    seller({ 'GET /balance': balance({ heldPaisa: 0, availablePaisa: 0, paidOutPaisa: 0, method: null }) });
    renderPage(<PayoutsPage />);
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
    expect(await screen.findByText('No money has moved yet')).toBeInTheDocument();
    expect(screen.getByTestId('payout-blocker')).toHaveTextContent(
      'Add a payout method to request a payout.',
    );
  });

  describe('in Bangla', () => {
    beforeEach(() => useAuthStore.getState().setLanguage('bn'));
    afterEach(() => useAuthStore.getState().setLanguage('en'));

    it('shows the figures, the method and the request in Bangla', async () => {
      seller({ 'GET /balance': balance({ method: { ...bkash, masked: 'bKash ••••••••678' } }) });
      renderPage(<PayoutsPage />);
      expect(screen.getByRole('heading', { level: 1, name: 'আয় ও পেআউট' })).toBeInTheDocument();
      await waitFor(() => expect(figure('আটকে আছে')).toHaveTextContent('৳৮৯,৫০০'));
      expect(figure('উত্তোলনযোগ্য')).toHaveTextContent('৳১২,৫০০.৫০');
      expect(screen.getByRole('button', { name: '৳১২,৫০০.৫০ পেআউটের অনুরোধ করুন' })).toBeEnabled();
    });
  });
});
