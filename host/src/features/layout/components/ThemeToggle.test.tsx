import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAuthStore } from 'runtime-kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { ThemeToggle } from './ThemeToggle';

const root = document.documentElement;

/** The switch on a light page, as the header renders it. */
function renderLightToggle() {
  useAuthStore.getState().setTheme('light');
  render(
    <MantineProvider forceColorScheme="light">
      <ThemeToggle />
    </MantineProvider>,
  );
}

afterEach(() => {
  useAuthStore.getState().setTheme('light');
  root.setAttribute('data-mantine-color-scheme', 'light');
  root.classList.remove('dark');
});

describe('ThemeToggle', () => {
  it('turns the page at the press, and the store and the cookie follow after the paint', async () => {
    renderLightToggle();
    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    // On screen before anything re-renders: the attribute and the class the CSS reads.
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(root.classList.contains('dark')).toBe(true);
    await waitFor(() => expect(useAuthStore.getState().theme).toBe('dark'));
    expect(document.cookie).toContain('sb_theme=dark');
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toHaveAttribute(
      'data-theme-switch',
      'dark',
    );
  });

  it('turns back on a second press that comes before the store has caught up', async () => {
    renderLightToggle();
    const button = screen.getByRole('button', { name: 'Switch to dark theme' });
    button.click();
    button.click();
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
    // Both presses reach the store, in order: it ends where the screen is.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(useAuthStore.getState().theme).toBe('light');
    expect(document.cookie).toContain('sb_theme=light');
    expect(root.classList.contains('dark')).toBe(false);
  });
});
