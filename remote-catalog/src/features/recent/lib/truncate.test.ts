import { describe, expect, it } from 'vitest';
import { DESCRIPTION_LIMIT, truncate } from './truncate';

describe('truncate (docs/product.md#home-page: 60 characters)', () => {
  it('cuts at 60 characters', () => {
    expect(DESCRIPTION_LIMIT).toBe(60);
  });

  it('keeps a description of up to 60 characters as it is', () => {
    const exact = 'x'.repeat(60);
    expect(truncate(exact)).toBe(exact);
    expect(truncate('Short')).toBe('Short');
  });

  it('keeps the first 60 characters of a longer one and marks the cut', () => {
    const long = 'a'.repeat(59) + 'bcdef';
    expect(truncate(long)).toBe(`${'a'.repeat(59)}b…`);
  });

  it('does not leave a dangling space before the mark', () => {
    const words = `${'word '.repeat(12)}tail`; // character 60 is a space
    expect(truncate(words)).toBe(`${'word '.repeat(11)}word…`);
  });
});
