import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it, vi } from 'vitest';
import { BrandTypewriter } from './BrandTypewriter';

const typewriter = () => (
  <MantineProvider>
    <BrandTypewriter />
  </MantineProvider>
);

describe('BrandTypewriter', () => {
  it('has every brand name in its markup, each letter animated by keyframes on the page', () => {
    const { container } = render(typewriter());
    const heading = screen.getByTestId('brand-typewriter');
    expect(heading).toHaveAccessibleName('Find your next laptop: Dell, HP, Lenovo or Apple');
    const words = [...heading.querySelectorAll('[data-typing="turns"] > span')].map((w) => w.textContent);
    expect(words).toEqual(['Dell', 'HP', 'Lenovo', 'Apple']);

    // Each letter's keyframes are in the <style> beside the heading (not inside it).
    const css = container.querySelector('style:not([data-mantine-styles])')!.textContent;
    expect(heading.querySelector('style')).toBeNull();
    const letters = [...heading.querySelectorAll<HTMLElement>('[data-typing] span[style*="--show"]')];
    expect(letters.map((l) => l.textContent).join('')).toBe('DellHPLenovoApple');
    for (const letter of letters) {
      const keyframes = letter.style.getPropertyValue('--show').split(' ')[0];
      expect(css).toContain(`@keyframes ${keyframes}{`);
    }
    // Under reduced motion the names show as one sentence instead (Typewriter.module.css).
    expect(heading).toHaveTextContent('Dell, HP, Lenovo or Apple');
  });

  it('hydrates the server’s markup without a mismatch, keeping the animated elements', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(typewriter());
    const firstLetter = container.querySelector('[style*="--show"]');
    const problems: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => problems.push(args));
    const root = await act(async () =>
      hydrateRoot(container, typewriter(), { onRecoverableError: (error) => problems.push(error) }),
    );
    consoleError.mockRestore();
    expect(problems).toEqual([]);
    // The very element the server sent: its CSS animation goes on, it does not restart.
    expect(container.querySelector('[style*="--show"]')).toBe(firstLetter);
    act(() => root.unmount());
    container.remove();
  });
});
