import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ModerationItem } from 'shared-contracts/moderation';
import { renderPage, signIn } from '@/test/render';
import { answer, page, reply } from 'web-testing/fake-api';
import ModerationQueuePage from './ModerationQueuePage';

const item = (id: string, name: string, flags: ModerationItem['flags']): ModerationItem => ({
  _id: id,
  productName: name,
  sellerEmail: 'new.seller@example.test',
  sellerName: 'Nadia Rahman',
  price: 45000,
  photos: ['http://api.test/images/a.jpg'],
  excerpt: 'Barely used, with its charger.',
  flags,
  createdAt: '2026-11-28T09:00:00.000Z',
});

describe('Listings to review', () => {
  beforeEach(() => signIn('admin'));

  it('lists the waiting listings with why each waits, and searches on the server', async () => {
    const api = answer({
      'GET /admin/moderation': ({ url }) =>
        url.searchParams.get('q')
          ? page([item('p2', 'ThinkPad T14', [])], 1)
          : page(
              [
                item('p1', 'Dell Latitude', [{ code: 'first-listings' }]),
                item('p2', 'ThinkPad T14', [
                  { code: 'photo-reused', detail: 'Photo 1 matches a photo of listing x by another seller' },
                ]),
              ],
              2,
            ),
    });
    renderPage(<ModerationQueuePage />);
    const table = await screen.findByRole('table', { name: 'Listings to review' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('One of the seller’s first listings');
    expect(rows[2]).toHaveTextContent('Photo already used on another seller’s listing');
    expect(within(rows[1]!).getByRole('img', { name: 'Photo of Dell Latitude' })).toBeInTheDocument();
    await userEvent.type(screen.getByPlaceholderText('Search listing name or seller e-mail'), 'think');
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument());
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=1&limit=10&sort=createdAt&order=asc',
      'page=1&limit=10&sort=createdAt&order=asc&q=think',
    ]);
  });

  it('shows the empty state', async () => {
    answer({ 'GET /admin/moderation': page([], 0) });
    renderPage(<ModerationQueuePage />);
    expect(await screen.findByText('No listings waiting')).toBeInTheDocument();
  });

  it('approves a listing', async () => {
    const api = answer({
      'GET /admin/moderation': page([item('p1', 'Dell Latitude', [{ code: 'first-listings' }])], 1),
      'POST /admin/moderation/p1/approve': { acknowledged: true },
    });
    renderPage(<ModerationQueuePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve the listing Dell Latitude' }));
    await waitFor(() => expect(api.count('POST', '/admin/moderation/p1/approve')).toBe(1));
  });

  it('refuses only with a reason of the contract’s length, and shows the API’s refusal', async () => {
    const api = answer({
      'GET /admin/moderation': page([item('p1', 'Dell Latitude', [{ code: 'listed-word' }])], 1),
      'POST /admin/moderation/p1/refuse': reply(409, {
        error: 'listing_not_waiting',
        message: 'This listing was already decided',
      }),
    });
    renderPage(<ModerationQueuePage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refuse the listing Dell Latitude' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse Dell Latitude' });
    const field = within(dialog).getByRole('textbox', { name: /Reason the seller reads/ });
    await userEvent.type(field, 'no');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('Give a reason of at least 3 characters')).toBeInTheDocument();
    expect(api.count('POST', '/admin/moderation/p1/refuse')).toBe(0);
    await userEvent.type(field, 't a laptop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(await within(dialog).findByText('This listing was already decided')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'not a laptop' });
  });
});
