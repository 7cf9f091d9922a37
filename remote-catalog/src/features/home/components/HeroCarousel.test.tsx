import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOPLAY_MS, HeroCarousel, slideAtTime } from './HeroCarousel';

const carousel = () => (
  <MantineProvider>
    <RouterProvider router={createMemoryRouter([{ path: '/', element: <HeroCarousel /> }])} />
  </MantineProvider>
);

function renderCarousel() {
  render(carousel());
  return screen.getByRole('region', { name: 'Featured offers' });
}

/** Hydrates the server's markup of the carousel, failing on any mismatch React reports. */
async function hydrateCarousel() {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(carousel());
  const server = container.querySelector('[data-testid="hero-carousel"]')!.cloneNode(true) as HTMLElement;
  const problems: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
  const root = await act(async () =>
    hydrateRoot(container, carousel(), { onRecoverableError: (error) => problems.push(error) }),
  );
  consoleError.mockRestore();
  expect(problems).toEqual([]);
  const cleanup = () => {
    act(() => root.unmount());
    container.remove();
  };
  return { server, live: container.querySelector<HTMLElement>('[data-testid="hero-carousel"]')!, cleanup };
}

const currentSlide = () =>
  screen
    .getAllByRole('button', { name: /^Slide \d:/ })
    .findIndex((b) => b.getAttribute('aria-current') === 'true') + 1;

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe('slideAtTime', () => {
  it('counts a slide as shown from when it starts to slide in, and wraps after the 4th', () => {
    expect(slideAtTime(0, 4)).toBe(0);
    expect(slideAtTime(5399, 4)).toBe(0);
    expect(slideAtTime(5400, 4)).toBe(1);
    expect(slideAtTime(13_000, 4)).toBe(2);
    expect(slideAtTime(23_399, 4)).toBe(3);
    expect(slideAtTime(23_400, 4)).toBe(0);
    expect(slideAtTime(24_000 * 3 + 6000, 4)).toBe(1);
  });
});

describe('HeroCarousel before and after the app starts', () => {
  afterEach(() => {
    delete (HTMLElement.prototype as Partial<HTMLElement>).getAnimations;
  });

  it('is a CSS slide show in the server’s markup: every slide and its art, none hidden by attribute', async () => {
    const { server, live, cleanup } = await hydrateCarousel();
    expect(server).toHaveAttribute('data-slideshow', 'css');
    const slides = server.querySelectorAll('[aria-roledescription="slide"]');
    expect(slides).toHaveLength(4);
    for (const slide of slides) {
      // CSS shows and hides them (visibility) while it moves them.
      expect(slide).not.toHaveAttribute('aria-hidden');
      expect(slide).not.toHaveAttribute('inert');
      expect(slide.querySelector('img')).not.toBeNull();
    }
    expect(server.querySelectorAll('img[loading="lazy"]')).toHaveLength(3);
    // Hydrated without a mismatch, the app takes over: the slides not shown are hidden by attribute.
    expect(live).toHaveAttribute('data-slideshow', 'script');
    const liveSlides = live.querySelectorAll('[aria-roledescription="slide"]');
    expect(liveSlides[0]).toHaveAttribute('aria-hidden', 'false');
    expect(liveSlides[1]).toHaveAttribute('aria-hidden', 'true');
    expect(liveSlides[1]).toHaveAttribute('inert');
    cleanup();
  });

  it('takes over at the slide the CSS slide show has reached', async () => {
    // The browser's own clock of the track's CSS animation: 13 s in, the third slide shows.
    HTMLElement.prototype.getAnimations = () => [{ currentTime: 13_000 } as unknown as Animation];
    const { live, cleanup } = await hydrateCarousel();
    expect(live.querySelectorAll('[aria-roledescription="slide"]')[2]).toHaveAttribute(
      'aria-hidden',
      'false',
    );
    expect(live.querySelector<HTMLElement>('[aria-live]')!.style.transform).toBe('translateX(-200%)');
    cleanup();
  });
});

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
