import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast, ToastViewport } from './toast';

// The order matters: the first test sees the page before any toast, when the library is not loaded.
describe('toasts', () => {
  it('mounts nothing until the first toast, then shows it; a toast dismissed on its way never shows', async () => {
    render(
      <MantineProvider>
        <ToastViewport />
      </MantineProvider>,
    );
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    // Ids come back at once, while the library is still being fetched.
    const saving = toast.loading('Saving the laptop');
    expect(saving).toMatch(/^toast-\d+$/);
    toast.dismiss(saving);
    const saved = toast.success('Laptop saved');

    expect(await screen.findByText('Laptop saved')).toBeInTheDocument();
    expect(document.querySelector('.mantine-Notifications-root')).not.toBeNull();
    expect(screen.queryByText('Saving the laptop')).toBeNull();

    toast.dismiss(saved);
    await waitFor(() => expect(screen.queryByText('Laptop saved')).toBeNull());
  });

  it('keeps the caller’s id and hides by it once the library is there', async () => {
    render(
      <MantineProvider>
        <ToastViewport />
      </MantineProvider>,
    );
    const id = toast.custom({ id: 'upload', title: 'Uploading', message: 'photo-1.jpg' });
    expect(id).toBe('upload');
    expect(await screen.findByText('photo-1.jpg')).toBeInTheDocument();
    toast.dismiss('upload');
    await waitFor(() => expect(screen.queryByText('photo-1.jpg')).toBeNull());
  });
});
