import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ProductImage } from './ProductImage';

const uploaded = 'http://api.test/api/v1/images/0123456789abcdef0123456789abcdef.webp';

const jsdomImage = Object.getOwnPropertyDescriptors(HTMLImageElement.prototype);
afterEach(() => {
  for (const name of ['complete', 'currentSrc'] as const) {
    if (jsdomImage[name]) Object.defineProperty(HTMLImageElement.prototype, name, jsdomImage[name]);
    else delete (HTMLImageElement.prototype as Partial<HTMLImageElement>)[name];
  }
});

describe('ProductImage', () => {
  it('offers the narrower renditions, and falls back to the original, then to a label', () => {
    renderWithProviders(<ProductImage src={uploaded} alt="Dell XPS 13" sizes="100vw" />);
    const img = screen.getByRole('img', { name: 'Dell XPS 13' });
    expect(img).toHaveAttribute('srcset', expect.stringContaining('-400w.webp 400w'));
    expect(img).toHaveAttribute('sizes', '100vw');

    // A photo uploaded before renditions existed: the original alone still shows.
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Dell XPS 13' })).not.toHaveAttribute('srcset');
    fireEvent.error(screen.getByRole('img', { name: 'Dell XPS 13' }));
    expect(screen.getByText('No photo')).toBeInTheDocument();
  });

  it('notices a server-rendered photo that failed before the page was hydrated', () => {
    // jsdom loads no images; this is what a browser reports for one that already failed.
    Object.defineProperties(HTMLImageElement.prototype, {
      complete: { configurable: true, get: () => true },
      currentSrc: { configurable: true, get: () => `${uploaded.slice(0, -5)}-800w.webp` },
    });
    renderWithProviders(<ProductImage src={uploaded} alt="Dell XPS 13" />);
    expect(screen.getByRole('img', { name: 'Dell XPS 13' })).not.toHaveAttribute('srcset');
  });
});
