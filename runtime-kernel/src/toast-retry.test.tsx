import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';

// A phone on a flaky network can fail to fetch the toast library. Its own file: the toast module
// keeps the library's promise, so this needs a module that has never loaded it. The library itself
// is the real one; only its first fetch fails, as the network would make it.
let fetches = 0;
vi.mock('@mantine/notifications', async (importActual) => {
  fetches += 1;
  if (fetches === 1) throw new TypeError('Failed to fetch dynamically imported module');
  return importActual();
});

afterEach(() => vi.restoreAllMocks());

it('loses the toast of a failed fetch, never the page, and fetches again with the next toast', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { toast, ToastViewport } = await import('./toast');
  render(
    <MantineProvider>
      <ToastViewport />
    </MantineProvider>,
  );

  await act(async () => {
    toast.error('Could not save the laptop');
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
  });
  expect(consoleError.mock.calls[0]?.[0]).toBe('The toast could not be shown');
  expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

  toast.success('Laptop saved');
  expect(await screen.findByText('Laptop saved')).toBeInTheDocument();
  expect(fetches).toBe(2);
});
