import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ModerationWord } from 'shared-contracts/moderation-words';
import { renderPage, signIn } from '@/test/render';
import { answer, page, reply } from 'web-testing/fake-api';
import ModerationWordsPage from './ModerationWordsPage';

const word = (id: string, text: string): ModerationWord => ({
  _id: id,
  word: text,
  addedBy: 'admin@example.test',
  createdAt: '2026-11-28T09:00:00.000Z',
});

describe('Moderation words', () => {
  beforeEach(() => signIn('admin'));

  it('lists the words a page at a time, and searches on the server', async () => {
    const api = answer({
      'GET /admin/moderation-words': ({ url }) =>
        url.searchParams.get('q')
          ? page([word('w2', 'replica')], 1)
          : page([word('w1', 'scam'), word('w2', 'replica')], 2),
    });
    renderPage(<ModerationWordsPage />);
    const table = await screen.findByRole('table', { name: 'Moderation words' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('scam');
    await userEvent.type(screen.getByLabelText('Search moderation words'), 'rep');
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1')).toBeInTheDocument());
    expect(api.calls.map((c) => c.query.toString())).toEqual([
      'page=1&limit=20&sort=date&order=desc',
      'page=1&limit=20&sort=date&order=desc&q=rep',
    ]);
  });

  it('shows the empty state', async () => {
    answer({ 'GET /admin/moderation-words': page([], 0) });
    renderPage(<ModerationWordsPage />);
    expect(await screen.findByText('No moderation words yet')).toBeInTheDocument();
  });

  it('checks the word before sending it, and shows the API’s refusal under the field', async () => {
    const api = answer({
      'GET /admin/moderation-words': page([], 0),
      'POST /admin/moderation-words': reply(409, {
        error: 'moderation_word_taken',
        message: '“Scam” is already on the moderation word list',
      }),
    });
    renderPage(<ModerationWordsPage />);
    const field = await screen.findByRole('textbox', { name: /^Word/ });
    await userEvent.type(field, 'a');
    await userEvent.click(screen.getByRole('button', { name: 'Add word' }));
    expect(await screen.findByText('Write at least 2 characters')).toBeInTheDocument();
    expect(api.count('POST', '/admin/moderation-words')).toBe(0);
    await userEvent.clear(field);
    await userEvent.type(field, 'Scam');
    await userEvent.click(screen.getByRole('button', { name: 'Add word' }));
    expect(await screen.findByText('“Scam” is already on the moderation word list')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ word: 'Scam' });
  });

  it('removes a word only after confirming', async () => {
    const api = answer({
      'GET /admin/moderation-words': page([word('w1', 'scam')], 1),
      'DELETE /admin/moderation-words/w1': { deleted: true },
    });
    renderPage(<ModerationWordsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove “scam”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this word?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count('DELETE', '/admin/moderation-words/w1')).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove “scam”' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.count('DELETE', '/admin/moderation-words/w1')).toBe(1));
  });
});
