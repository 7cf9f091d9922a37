import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { useAuthStore } from 'runtime-kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { Header } from './Header';

// The language switch changes the store's language; the header (like every package) re-renders
// in it at once, <html lang> follows and the choice is kept in a cookie for the next page.
function renderHeader() {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <Header />
      </MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(() => {
  useAuthStore.getState().setLanguage('en');
});

describe('Header languages', () => {
  it('starts in English with the spec’s words and switches to Bangla and back without a reload', async () => {
    useAuthStore.setState({ user: null, loading: false });
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'সাইটটি বাংলায় দেখুন' }));

    // The Bangla texts load on demand (a chunk of their own); the page switches once they are in.
    const banglaNav = await screen.findByRole('navigation', { name: 'প্রধান' });
    expect(within(banglaNav).getByRole('link', { name: 'প্রথম পাতা' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'লগইন' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'ল্যাপটপ খুঁজুন' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bn');
    expect(document.cookie).toContain('sb_lang=bn');

    const back = screen.getByRole('button', { name: 'Show the site in English' });
    expect(back).toHaveAttribute('lang', 'en');
    await userEvent.click(back);
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(document.cookie).toContain('sb_lang=en');
  });
});
