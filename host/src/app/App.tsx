import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { getQueryClient, ToastViewport, useAuthStore } from 'runtime-kernel';
import type { AppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';
import { useT } from '@/shared/i18n';

// Start-up's two steps, from one module: make the router, then render the app around it.
export { createAppRouter } from './router';

/**
 * A theme switched before the app was ready is on screen already (the page's loader turned it and
 * marked `<html data-pre-app-theme>`, host/src/server/page-template.ts), while the store still
 * holds the server's theme, which hydration must match. Until the loader hands the press over,
 * right after the typed text, neither Mantine nor the class below may paint the server's theme
 * back: Mantine gets no root element to write to.
 */
const themeSwitchedBeforeStart = () => document.documentElement.hasAttribute('data-pre-app-theme');
const themeRoot = () => (themeSwitchedBeforeStart() ? undefined : document.documentElement);

/** Everything around the router, the same on the server and in the browser. */
export function AppProviders({ children }: { children: ReactNode }) {
  const colorScheme = useAuthStore((s) => s.theme);

  // docs/product.md#theme: dark mode adds a `dark` class to the document (Mantine sets its own attribute). The
  // server already wrote both into the HTML from the theme cookie; this keeps them in step.
  useEffect(() => {
    if (themeSwitchedBeforeStart()) return;
    document.documentElement.classList.toggle('dark', colorScheme === 'dark');
  }, [colorScheme]);

  // The server wrote the title and description in the page's language; a switch changes them too.
  const t = useT();
  useEffect(() => {
    document.title = t('document.title');
    document.querySelector('meta[name="description"]')?.setAttribute('content', t('document.description'));
  }, [t]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={colorScheme}
      getRootElement={themeRoot}
    >
      <ToastViewport />
      <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * The app around its router. Start-up creates the router (createAppRouter) in a task of its own
 * before hydrating: creating a data router matches the URL and takes in the server's data, and
 * inside hydration's first render that lengthened its first task on a phone (docs/product.md#first-paint).
 */
export function App({ router }: { router: AppRouter }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
