import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getQueryClient, useAuthStore } from 'runtime-kernel';
import { renderWithProviders, setSession, testBuyer } from 'web-kit/testing/render';
import { answer } from 'web-testing/fake-api';
import { MessagesLink } from './MessagesLink';

// The network, not our modules: the unread count the API answers (and no live stream).
function answerUnread(unread: number) {
  answer({ 'GET /conversations/unread-count': { unread } });
}

afterEach(() => {
  getQueryClient().clear();
  setSession(null);
});

describe('the header’s envelope', () => {
  it('links to Messages and says how many are unread', async () => {
    setSession(testBuyer);
    answerUnread(3);
    renderWithProviders(<MessagesLink uid={testBuyer.uid} />);
    const link = await screen.findByRole('link', { name: 'Messages: 3 unread' });
    expect(link).toHaveAttribute('href', '/dashboard/messages');
  });

  it('says it in Bangla, with Bangla digits', async () => {
    useAuthStore.getState().setLanguage('bn');
    try {
      setSession(testBuyer);
      answerUnread(12);
      renderWithProviders(<MessagesLink uid={testBuyer.uid} />);
      expect(await screen.findByRole('link', { name: 'বার্তা: ১২টি পড়া হয়নি' })).toBeInTheDocument();
      expect(screen.getByText('১২')).toBeInTheDocument();
    } finally {
      useAuthStore.getState().setLanguage('en');
    }
  });

  it('shows no count when everything is read', async () => {
    setSession(testBuyer);
    answerUnread(0);
    renderWithProviders(<MessagesLink uid={testBuyer.uid} />);
    expect(await screen.findByRole('link', { name: 'Messages' })).toBeInTheDocument();
  });
});
