import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice } from './format';

describe('formatting', () => {
  it('writes prices with the currency and two decimals', () => {
    expect(formatPrice(345.5)).toBe('$345.50');
    expect(formatPrice(1200)).toBe('$1,200.00');
  });

  it('writes a day as people read it, and an unreadable value as it came', () => {
    expect(formatDate('2026-11-23T10:00:00.000Z')).toBe('23 Nov 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('writes Bangla digits and month names in Bangla, the sign first', () => {
    expect(formatPrice(1200, 'bn')).toBe('$১,২০০.০০');
    expect(formatPrice(345.5, 'bn')).toBe('$৩৪৫.৫০');
    expect(formatDate('2026-11-23T10:00:00.000Z', 'bn')).toBe('২৩ নভে, ২০২৬');
  });
});
