import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'runtime-kernel';
import { renderWithProviders, setSession, testBuyer, testBuyerProfile } from 'web-kit/testing/render';
import { answer } from 'web-testing/fake-api';
import { fakeFirebaseAuth } from 'web-testing/fake-firebase';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from './LanguageSwitch';

afterEach(() => {
  useAuthStore.getState().setLanguage('en');
  useAuthStore.setState({ languageSwitched: false });
  setSession(null);
});

describe('LanguageSwitch', () => {
  it('saves a signed-in user’s choice to their profile, for their other devices and e-mails', async () => {
    setSession(testBuyer);
    const api = answer({
      'PATCH /users/:email': testBuyerProfile('bn'),
    });
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/users/buyer%40secondbyte.test',
      body: { language: 'bn' },
    });
    expect(useAuthStore.getState().language).toBe('bn');
  });

  it('saves quick presses in order, so the profile keeps the language the page is left in', async () => {
    setSession(testBuyer);
    let landFirstSave = () => {};
    const firstSaveLands = new Promise<void>((resolve) => (landFirstSave = resolve));
    const api = answer({
      'PATCH /users/:email': async ({ body }) => {
        const { language } = body as { language: string };
        if (api.calls.length === 1) await firstSaveLands;
        return testBuyerProfile(language as 'en' | 'bn');
      },
    });
    renderWithProviders(<LanguageSwitch />);
    // Bangla, English, Bangla, English while the first save is still on its way.
    for (const name of [
      'সাইটটি বাংলায় দেখুন',
      'Show the site in English',
      'সাইটটি বাংলায় দেখুন',
      'Show the site in English',
    ])
      await userEvent.click(await screen.findByRole('button', { name }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    landFirstSave();
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls.map((call) => (call.body as { language: string }).language)).toEqual(['bn', 'en']);
    expect(useAuthStore.getState().language).toBe('en');
  });

  it('saves the choice of a page that started from the signed-in hint once Firebase has restored the session', async () => {
    setSession(testBuyer);
    // The server's hint says who is signed in, without an e-mail, until Firebase reports.
    useAuthStore.setState({ user: { ...testBuyer, email: null }, sessionConfirmed: false });
    fakeFirebaseAuth.currentUser = { getIdToken: async () => 'test-id-token', email: testBuyer.email };
    const api = answer({
      'PATCH /users/:email': testBuyerProfile('bn'),
    });
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }));
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]).toMatchObject({ path: '/users/buyer%40secondbyte.test', body: { language: 'bn' } });
    expect(useAuthStore.getState()).toMatchObject({ language: 'bn', languageSwitched: true });
  });

  it('keeps a signed-out visitor’s choice on this device only', async () => {
    setSession(null);
    const api = answer({});
    renderWithProviders(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }));
    await waitFor(() => expect(useAuthStore.getState().language).toBe('bn'));
    expect(api.calls).toHaveLength(0);
  });
});
