import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TypedText } from './TypedText';

const lettersShown = (typed: string) => {
  const { container } = render(<TypedText typed={typed} word={typed} caret revealSpeed={80} />);
  const reveal = container.firstElementChild as HTMLElement;
  return [...reveal.children].map((letter) => letter.textContent);
};

describe('TypedText typing its first word in CSS', () => {
  it('gives each letter its turn, in order', () => {
    expect(lettersShown('Dell')).toEqual(['D', 'e', 'l', 'l']);
  });

  it('keeps a Bangla consonant with its vowel sign, so no letter shows broken mid-way', () => {
    expect(lettersShown('আপনার')).toEqual(['আ', 'প', 'না', 'র']);
    expect(lettersShown('ব্র্যান্ড').join('')).toBe('ব্র্যান্ড');
    expect(lettersShown('ব্র্যান্ড').every((letter) => !/^[\u09BE-\u09CD\u09D7]/u.test(letter!))).toBe(true);
  });

  it('shows the word plainly once the script types', () => {
    const { container } = render(<TypedText typed="De" word="Dell" caret />);
    expect(container.firstChild?.textContent).toBe('De');
    expect(container.textContent).toBe('Dell');
  });
});
