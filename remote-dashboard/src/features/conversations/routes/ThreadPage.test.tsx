import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeFirebaseAuth, signInFake } from 'web-testing/fake-firebase';
import { renderPage, signIn } from '@/test/render';
import { answer, reply } from 'web-testing/fake-api';
import ThreadPage from './ThreadPage';
import { detail, liveStream, message } from './conversation-fixtures';

const renderThread = (id = 'c1') =>
  renderPage(
    <Routes>
      <Route path="messages/:id" element={<ThreadPage />} />
    </Routes>,
    { route: `/dashboard/messages/${id}` },
  );

describe('A conversation', () => {
  beforeEach(() => signIn('buyer', 'buyer@example.test'));
  afterEach(() => {
    fakeFirebaseAuth.currentUser = null;
  });

  it('shows messages as plain text: markup is not interpreted and links are not made', async () => {
    answer({
      'GET /conversations/c1': detail('c1', [
        message(1, '<b>bold?</b> <img src=x onerror=alert(1)>', true),
        message(2, 'See https://evil.example/pay', false),
      ]),
      'POST /conversations/c1/read': { acknowledged: true, readUpTo: '2' },
    });
    renderThread();
    const log = await screen.findByRole('log', { name: 'Messages of this conversation' });
    expect(within(log).getByText('<b>bold?</b> <img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(log.querySelector('b, img')).toBeNull();
    expect(within(log).queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Rahim Seller' })).toBeInTheDocument();
  });

  it('loads older messages above on request, down to the start of the conversation', async () => {
    const api = answer({
      'GET /conversations/c1': ({ url }) => {
        const before = url.searchParams.get('before');
        if (before === '3') return detail('c1', [message(2, 'Second', false)], { hasOlder: true });
        if (before === '2') return detail('c1', [message(1, 'First', true)], { hasOlder: false });
        return detail('c1', [message(3, 'Third', true), message(4, 'Fourth', false)], { hasOlder: true });
      },
      'POST /conversations/c1/read': { acknowledged: true, readUpTo: '4' },
    });
    renderThread();
    const log = await screen.findByRole('log');
    expect(
      within(log)
        .getAllByTestId('message')
        .map((m) => m.textContent),
    ).toEqual([expect.stringContaining('Third'), expect.stringContaining('Fourth')]);
    await userEvent.click(within(log).getByRole('button', { name: 'Load older messages' }));
    expect(await within(log).findByText('Second')).toBeInTheDocument();
    await userEvent.click(within(log).getByRole('button', { name: 'Load older messages' }));
    expect(await within(log).findByText('First')).toBeInTheDocument();
    // Oldest first, each once; the button gives way to where the conversation starts, which takes focus.
    expect(
      within(log)
        .getAllByTestId('message')
        .map((m) => m.textContent),
    ).toEqual(['First', 'Second', 'Third', 'Fourth'].map((text) => expect.stringContaining(text)));
    expect(within(log).queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(within(log).getByText('The start of the conversation')).toHaveFocus();
    expect(api.calls.map((c) => c.query.get('before')).filter(Boolean)).toEqual(['3', '2']);
  });

  it('shows a new message from the other side without a reload, and marks it read', async () => {
    const api = answer({
      'GET /conversations/c1': ({ url }) =>
        url.searchParams.get('since') === '1'
          ? detail('c1', [message(2, 'Yes, it is still available.', false)])
          : detail('c1', [message(1, 'Is it still available?', true)]),
      'POST /conversations/c1/read': { acknowledged: true, readUpTo: '2' },
    });
    const live = liveStream();
    // The live connection sends the Firebase ID token.
    signInFake();
    renderThread();
    const log = await screen.findByRole('log');
    expect(within(log).getAllByTestId('message')).toHaveLength(1);
    live.push('message');
    expect(await within(log).findByText('Yes, it is still available.')).toBeInTheDocument();
    // A repeated event fetches again but shows nothing twice.
    live.push('message');
    await waitFor(() =>
      expect(api.calls.filter((c) => c.query.get('since')).length).toBeGreaterThanOrEqual(2),
    );
    expect(within(log).getAllByTestId('message')).toHaveLength(2);
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST' && c.path === '/conversations/c1/read')?.body).toEqual(
        {
          upTo: '2',
        },
      ),
    );
  });

  it('sends a message with a character counter, and reports the conversation', async () => {
    const api = answer({
      'GET /conversations/c1': ({ url }) =>
        url.searchParams.get('since')
          ? detail('c1', [message(2, 'Can I see it tomorrow?', true)])
          : detail('c1', [message(1, 'Hello', true)]),
      'POST /conversations/c1/messages': reply(201, { _id: '2', conversationId: 'c1' }),
      'POST /conversations/c1/report': reply(201, { acknowledged: true, insertedId: 'r1' }),
    });
    renderThread();
    const box = await screen.findByRole('textbox', { name: 'Your message' });
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    // The API's message schema trims: spaces alone are no message, so Send stays off.
    await userEvent.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, 'Can I see it tomorrow?');
    expect(screen.getByText('22 / 2,000 characters')).toBeInTheDocument();
    expect(box).toHaveAttribute('maxlength', '2000');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Can I see it tomorrow?', { selector: 'p' })).toBeInTheDocument();
    expect(
      api.calls.find((c) => c.method === 'POST' && c.path === '/conversations/c1/messages')?.body,
    ).toEqual({
      text: 'Can I see it tomorrow?',
    });
    expect(box).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Report conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this conversation' });
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /What is wrong/ }),
      'Wants payment outside',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you: the admins will look at it')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/conversations/c1/report')?.body).toEqual({
      reason: 'Wants payment outside',
    });
  });

  it('tells someone else the conversation does not exist', async () => {
    answer({
      'GET /conversations/c9': reply(404, {
        error: 'conversation_not_found',
        message: 'No conversation with id c9',
      }),
    });
    renderThread('c9');
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
