import { useEffect, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient, TOAST_LIMIT, TOAST_MAX_WIDTH, useAuthStore } from 'shared-auth';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App() {
  const colorScheme = useAuthStore((s) => s.theme);
  const [router] = useState(createAppRouter);

  // SPEC §2: dark mode adds a `dark` class to the document (Mantine sets its own attribute).
  useEffect(() => {
    document.documentElement.classList.toggle('dark', colorScheme === 'dark');
  }, [colorScheme]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={colorScheme}>
      <Notifications
        position="top-center"
        limit={TOAST_LIMIT}
        zIndex={10_000}
        containerWidth={TOAST_MAX_WIDTH}
      />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
