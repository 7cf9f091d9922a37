import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Report } from 'shared-contracts/reports';
import { mockApi, renderPage, signIn } from '@/test/render';
import ReportedItemsPage from './ReportedItemsPage';

const report = (id: string, over: Partial<Report> = {}): Report => ({
  _id: id,
  productId: `prod-${id}`,
  productName: `Laptop ${id}`,
  sellerEmail: 'seller@example.test',
  reporterEmail: 'buyer@example.test',
  reason: 'Looks like a scam',
  status: 'open',
  createdAt: '2026-04-02T09:00:00.000Z',
  resolvedAt: null,
  ...over,
});

describe('Reported Items', () => {
  beforeEach(() => signIn('admin'));

  it('lists open reports with product, reporter, reason and date', async () => {
    const api = mockApi({ 'GET /reports': [report('r1')] });
    renderPage(<ReportedItemsPage />);
    const row = within(await screen.findByRole('table', { name: 'Reported items' })).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Laptop r1');
    expect(row).toHaveTextContent('buyer@example.test');
    expect(row).toHaveTextContent('Looks like a scam');
    expect(row).toHaveTextContent('2 Apr 2026');
    expect(api.calls[0]).toMatchObject({ method: 'GET', path: '/reports' });
    // Open reports are the default view: the filter is sent although the URL carries none.
    expect(api.calls[0]?.query.toString()).toBe('page=1&limit=10&sort=createdAt&order=desc&status=open');
  });

  it('dismisses a report', async () => {
    let open = true;
    const api = mockApi({
      'GET /reports': () => (open ? [report('r1')] : []),
      'POST /reports/r1/dismiss': () => {
        open = false;
        return { acknowledged: true };
      },
    });
    renderPage(<ReportedItemsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss report on Laptop r1' }));
    expect(await screen.findByText('Report dismissed')).toBeInTheDocument();
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
    expect(api.count('POST', '/reports/r1/dismiss')).toBe(1);
  });

  it('removes the listing after a confirmation', async () => {
    const api = mockApi({
      'GET /reports': [report('r1')],
      'POST /reports/r1/remove-listing': { acknowledged: true },
    });
    renderPage(<ReportedItemsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove listing Laptop r1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this listing?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove listing' }));
    expect(await screen.findByText('Listing removed')).toBeInTheDocument();
    await waitFor(() => expect(api.count('POST', '/reports/r1/remove-listing')).toBe(1));
  });

  it('shows every report with the All filter, kept in the URL, and searches on the server', async () => {
    const api = mockApi({
      'GET /reports': ({ url }) =>
        url.searchParams.get('status') === 'open'
          ? [report('r1')]
          : [report('r1'), report('r2', { status: 'dismissed' })],
    });
    renderPage(<ReportedItemsPage />);
    await screen.findByRole('table', { name: 'Reported items' });
    await userEvent.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Laptop r2')).toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toHaveTextContent('?status=all');
    await userEvent.type(screen.getByLabelText('Search reported items'), 'scam co');
    await waitFor(() => expect(api.calls).toHaveLength(3));
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=1&limit=10&sort=createdAt&order=desc&status=open',
      'page=1&limit=10&sort=createdAt&order=desc',
      'page=1&limit=10&sort=createdAt&order=desc&q=scam+co',
    ]);
  });
});
