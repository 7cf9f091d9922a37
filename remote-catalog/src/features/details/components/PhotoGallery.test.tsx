import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PhotoGallery } from './PhotoGallery';

const photos = [1, 2, 3].map((n) => `http://api.test/api/v1/images/seed-photo-${n}.webp`);

beforeEach(() => {
  // Embla watches which slides are in view; jsdom has no IntersectionObserver.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
});

const position = () => screen.getByTestId('gallery-position');
const visibleSlide = () => screen.getByRole('group', { name: /^Photo \d of 3$/ });

describe('PhotoGallery', () => {
  it('loads the cover first and the other photos only when needed', () => {
    renderWithProviders(<PhotoGallery photos={photos} alt="ThinkPad T14" />);
    const cover = screen.getByRole('img', { name: 'ThinkPad T14' });
    expect(cover).toHaveAttribute('fetchpriority', 'high');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(screen.getAllByRole('img', { hidden: true, name: 'ThinkPad T14, photo 2' })[0]).toHaveAttribute(
      'loading',
      'lazy',
    );
    expect(position()).toHaveTextContent('Photo 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeDisabled();
  });

  it('moves with the arrow keys, Home and End, and says where the buyer is', async () => {
    renderWithProviders(<PhotoGallery photos={photos} alt="ThinkPad T14" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 1 of 3' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(position()).toHaveTextContent('Photo 2 of 3');
    expect(visibleSlide()).toHaveAccessibleName('Photo 2 of 3');
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(position()).toHaveTextContent('Photo 3 of 3');
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    await userEvent.keyboard('{Home}');
    expect(position()).toHaveTextContent('Photo 1 of 3');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('moves with the previous and next buttons and the thumbnails', async () => {
    renderWithProviders(<PhotoGallery photos={photos} alt="ThinkPad T14" />);
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(position()).toHaveTextContent('Photo 2 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(position()).toHaveTextContent('Photo 1 of 3');
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(visibleSlide()).toHaveAccessibleName('Photo 3 of 3');
  });

  it('shows a single photo without carousel controls', () => {
    renderWithProviders(<PhotoGallery photos={photos.slice(0, 1)} alt="ThinkPad T14" />);
    expect(screen.getByRole('img', { name: 'ThinkPad T14' })).toHaveAttribute('fetchpriority', 'high');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('gallery-position')).not.toBeInTheDocument();
  });
});
