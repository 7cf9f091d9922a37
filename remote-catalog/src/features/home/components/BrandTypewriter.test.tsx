import { act, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { testViewport } from 'web-testing/dom-environment';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BrandTypewriter } from './BrandTypewriter';

const renderTypewriter = () =>
  render(
    <MantineProvider>
      <BrandTypewriter />
    </MantineProvider>,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('BrandTypewriter', () => {
  it('shows the first brand typing in CSS, one step a letter, then types the next at 70 ms a character', () => {
    vi.useFakeTimers();
    renderTypewriter();
    const heading = screen.getByTestId('brand-typewriter');
    // Rendered whole (the server sends it so); the stylesheet types it in, 70 ms a letter.
    const revealed = heading.firstElementChild as HTMLElement;
    expect(revealed.textContent).toBe('Dell');
    expect(revealed.style.getPropertyValue('--letters')).toBe('4');
    expect(revealed.style.getPropertyValue('--letter-ms')).toBe('70ms');
    expect(heading).toHaveAccessibleName('Find your next laptop: Dell, HP, Lenovo or Apple');
    // It stays for the configured delay after its typing, then goes letter by letter.
    act(() => vi.advanceTimersByTime(70 * 4 + 1000 - 1));
    expect(heading.textContent).toBe('Dell');
    act(() => vi.advanceTimersByTime(1));
    expect(heading.firstChild?.textContent).toBe('Del');
    // One tick an act: each next timer is set when React has rendered the one before.
    for (const shown of ['De', 'D', '']) {
      act(() => vi.advanceTimersByTime(50));
      expect(heading.firstChild?.nodeType === Node.TEXT_NODE ? heading.firstChild.textContent : '').toBe(
        shown,
      );
    }
    act(() => vi.advanceTimersByTime(70));
    act(() => vi.advanceTimersByTime(70));
    expect(heading.firstChild?.textContent).toBe('H');
    // The untyped rest keeps its place, hidden.
    expect(heading.textContent).toBe('HP');
  });

  it('does not animate under prefers-reduced-motion', () => {
    vi.useFakeTimers();
    testViewport.reducedMotion = true;
    renderTypewriter();
    act(() => vi.advanceTimersByTime(0));
    const heading = screen.getByTestId('brand-typewriter');
    expect(heading).toHaveTextContent('Dell, HP, Lenovo or Apple');
    act(() => vi.advanceTimersByTime(5000));
    expect(heading).toHaveTextContent('Dell, HP, Lenovo or Apple');
  });
});
