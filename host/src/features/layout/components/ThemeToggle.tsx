import { ActionIcon, Tooltip } from '@mantine/core';
import { useRef } from 'react';
import { LazyTooltip } from 'web-kit/lazy-tooltip';
import { useAuthStore, type Theme } from 'runtime-kernel';
import { MoonIcon, SunIcon } from '@/shared/components/icons';
import { useT } from '@/shared/i18n';

/**
 * The page's colours follow `<html>`'s attribute and class (Mantine's CSS variables), so a press
 * turns them at once; the store, the cookie and every component that reads the theme follow once
 * the browser has painted. On a phone that re-render takes a few hundred milliseconds, which the
 * press no longer waits for (docs/decisions/0041-signed-out-pages-start-on-intent.md).
 */
function showTheme(theme: Theme) {
  const root = document.documentElement;
  root.setAttribute('data-mantine-color-scheme', theme);
  root.classList.toggle('dark', theme === 'dark');
}

export function ThemeToggle() {
  const theme = useAuthStore((s) => s.theme);
  const setTheme = useAuthStore((s) => s.setTheme);
  const t = useT();
  const label = theme === 'dark' ? t('header.themeToLight') : t('header.themeToDark');
  // A second press before the store has caught up turns from the theme the first one showed.
  const shown = useRef<Theme | null>(null);
  const switchTheme = () => {
    const next: Theme = (shown.current ?? theme) === 'dark' ? 'light' : 'dark';
    shown.current = next;
    showTheme(next);
    // Two frames: the first paints the theme; the store's re-render starts the next one.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        setTheme(next);
        if (shown.current === next) shown.current = null;
      }),
    );
  };
  return (
    <LazyTooltip tooltip={(target, opened) => <Tooltip label={label} target={target} opened={opened} />}>
      <ActionIcon
        variant="subtle"
        size="lg"
        onClick={switchTheme}
        aria-label={label}
        data-testid="theme-toggle"
        // The page's loader turns the theme on a press before the app is ready, and reads the
        // app's theme here when it hands the press over (host/src/server/page-template.ts).
        data-theme-switch={theme}
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </LazyTooltip>
  );
}
