import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_MS, HeroCarousel } from './HeroCarousel';

function renderCarousel() {
  const router = createMemoryRouter([{ path: '/', element: <HeroCarousel /> }]);
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return screen.getByRole('region', { name: 'Featured offers' });
}

const currentSlide = () =>
  screen
    .getAllByRole('button', { name: /^Slide \d:/ })
    .findIndex((b) => b.getAttribute('aria-current') === 'true') + 1;

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('HeroCarousel', () => {
  it('has 4 slides, only the current one exposed, and the first image fetched first', () => {
    const carousel = renderCarousel();
    const slides = carousel.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(4);
    expect(slides[0]).toHaveAttribute('aria-hidden', 'false');
    expect(slides[1]).toHaveAttribute('aria-hidden', 'true');
    const first = carousel.querySelector('img')!;
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('width', '1600');
    expect(first).toHaveAttribute('height', '640');
  });

  it('moves with the arrow keys, Home and End', () => {
    const carousel = renderCarousel();
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(currentSlide()).toBe(2);
    fireEvent.keyDown(carousel, { key: 'End' });
    expect(currentSlide()).toBe(4);
    fireEvent.keyDown(carousel, { key: 'ArrowRight' });
    expect(currentSlide()).toBe(1);
    fireEvent.keyDown(carousel, { key: 'ArrowLeft' });
    expect(currentSlide()).toBe(4);
    fireEvent.keyDown(carousel, { key: 'Home' });
    expect(currentSlide()).toBe(1);
  });

  it('plays on its own, and pauses while hovered or focused', () => {
    const carousel = renderCarousel();
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(currentSlide()).toBe(2);

    fireEvent.mouseEnter(carousel);
    expect(carousel).toHaveAttribute('data-autoplay', 'paused');
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(currentSlide()).toBe(2);
    fireEvent.mouseLeave(carousel);

    fireEvent.focus(screen.getByRole('button', { name: 'Next slide' }));
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 2));
    expect(currentSlide()).toBe(2);
    fireEvent.blur(screen.getByRole('button', { name: 'Next slide' }));

    act(() => vi.advanceTimersByTime(AUTOPLAY_MS));
    expect(currentSlide()).toBe(3);
  });

  it('stops for good when the visitor presses the pause button', () => {
    const carousel = renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Start automatic slide show' }));
    expect(carousel).toHaveAttribute('data-autoplay', 'paused');
    act(() => vi.advanceTimersByTime(AUTOPLAY_MS * 3));
    expect(currentSlide()).toBe(1);
  });
});
