import { useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { getQueryClient, ToastViewport, useAuthStore } from 'runtime-kernel';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

/** Everything around the router, the same on the server and in the browser. */
export function AppProviders({ children }: { children: ReactNode }) {
  const colorScheme = useAuthStore((s) => s.theme);

  // docs/product.md#theme: dark mode adds a `dark` class to the document (Mantine sets its own attribute). The
  // server already wrote both into the HTML from the theme cookie; this keeps them in step.
  useEffect(() => {
    document.documentElement.classList.toggle('dark', colorScheme === 'dark');
  }, [colorScheme]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={colorScheme}>
      <ToastViewport />
      <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
