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
  it('types the first brand at 70 ms a character', () => {
    vi.useFakeTimers();
    renderTypewriter();
    const heading = screen.getByTestId('brand-typewriter');
    act(() => vi.advanceTimersByTime(70));
    expect(heading.firstChild?.textContent).toBe('D');
    act(() => vi.advanceTimersByTime(70 * 3));
    expect(heading.textContent).toBe('Dell');
    expect(heading).toHaveAccessibleName('Find your next laptop: Dell, HP, Lenovo or Apple');
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
