import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from 'runtime-kernel';
import { renderPage, signIn } from '@/test/render';
import { answer, page, reply } from 'web-testing/fake-api';
import InboxPage from './InboxPage';
import { message, summary } from './conversation-fixtures';

describe('Messages inbox', () => {
  beforeEach(() => signIn('seller', 'seller@example.test'));

  it('lists conversations with the other person, the listing, the last message and unread counts', async () => {
    const api = answer({
      'GET /conversations': [
        summary('c1', { unread: 2 }),
        summary('c2', { otherName: 'Bina', role: 'buyer', lastMessage: message(5, 'Thanks!', true) }),
        summary('c3', { productId: 'prod-c1', productName: 'Laptop c1', otherName: 'Dipu' }),
      ],
    });
    renderPage(<InboxPage />, { route: '/dashboard/messages' });
    const first = await screen.findByRole('link', { name: 'Conversation with Karim Buyer about Laptop c1' });
    expect(first).toHaveAttribute('href', '/dashboard/messages/c1');
    expect(within(first).getByText('Is the battery original?')).toBeInTheDocument();
    expect(within(first).getByLabelText('2 unread')).toHaveTextContent('2');
    expect(within(first).getByText('About your listing Laptop c1')).toBeInTheDocument();
    const second = screen.getByRole('link', { name: 'Conversation with Bina about Laptop c2' });
    expect(second).toHaveTextContent('You: Thanks!');

    // A seller with several buyers for one listing: the server sorts by listing, the page groups.
    await userEvent.click(screen.getByRole('radio', { name: 'By listing' }));
    const group = await screen.findByRole('region', { name: 'Laptop c1' });
    expect(within(group).getAllByTestId('conversation-row')).toHaveLength(2);
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=1&limit=20&sort=lastMessageAt&order=desc',
      'page=1&limit=20&sort=productName&order=asc',
    ]);
  });

  it('pages and searches on the server, with the page and the search in the URL', async () => {
    const api = answer({
      'GET /conversations': ({ url }) =>
        url.searchParams.get('q')
          ? page([summary('c150')], 1)
          : url.searchParams.get('page') === '11'
            ? page([summary('c201')], 201)
            : page([summary('c1'), summary('c2')], 201),
    });
    renderPage(<InboxPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('Showing 1–2 of 201')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '11' }));
    expect(await screen.findByRole('link', { name: /about Laptop c201/ })).toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toHaveTextContent('?page=11');
    await userEvent.type(screen.getByLabelText('Search your messages'), 'laptop 150{Enter}');
    expect(await screen.findByRole('link', { name: /about Laptop c150/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.at(-1)?.query.toString()).toBe(
        'page=1&limit=20&sort=lastMessageAt&order=desc&q=laptop+150',
      ),
    );
    expect(screen.getByTestId('location-search')).toHaveTextContent('?q=laptop+150');
  });

  it('says when a search matches nothing, keeping the search box', async () => {
    answer({
      'GET /conversations': ({ url }) => (url.searchParams.get('q') ? page([], 0) : page([summary('c1')], 1)),
    });
    renderPage(<InboxPage />, { route: '/dashboard/messages?q=nobody' });
    expect(await screen.findByText('Nothing matches “nobody”.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search your messages')).toHaveValue('nobody');
  });

  it('says so when there are none, and offers Retry when loading fails', async () => {
    answer({ 'GET /conversations': [] });
    const { unmount } = renderPage(<InboxPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
    unmount();

    let calls = 0;
    answer({
      'GET /conversations': () =>
        ++calls === 1 ? reply(500, { error: 'internal_error', message: 'Boom' }) : [],
    });
    renderPage(<InboxPage />, { route: '/dashboard/messages' });
    expect(await screen.findByText('Your messages could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No messages yet')).toBeInTheDocument();
  });

  it('is written in Bangla when the page is, with Bangla digits', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      answer({ 'GET /conversations': [summary('c1', { unread: 12 })] });
      renderPage(<InboxPage />, { route: '/dashboard/messages' });
      expect(await screen.findByRole('heading', { name: 'বার্তা' })).toBeInTheDocument();
      const row = await screen.findByRole('link', { name: 'Laptop c1 নিয়ে Karim Buyer-এর সঙ্গে কথোপকথন' });
      expect(within(row).getByLabelText('১২টি পড়া হয়নি')).toHaveTextContent('১২');
      expect(screen.getByRole('radio', { name: 'বিজ্ঞাপন অনুযায়ী' })).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });
});
