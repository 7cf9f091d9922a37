import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatNumber, formatPrice, priceCurrency } from './format';

describe('formatting', () => {
  it('writes prices in taka by default, whole amounts without decimals, others with two', () => {
    expect(priceCurrency()).toBe('BDT');
    expect(formatPrice(89500)).toBe('৳89,500');
    expect(formatPrice(345.5)).toBe('৳345.50');
    expect(formatPrice(1200, 'en', 'USD')).toBe('$1,200');
  });

  it('writes Bangla digits with lakh grouping in Bangla, the sign first', () => {
    expect(formatPrice(89500, 'bn')).toBe('৳৮৯,৫০০');
    expect(formatPrice(1234567.5, 'bn')).toBe('৳১২,৩৪,৫৬৭.৫০');
    expect(formatNumber(20001, 'bn')).toBe('২০,০০১');
    expect(formatNumber(20001, 'en')).toBe('20,001');
  });

  it('writes a day as people read it in each language, and an unreadable value as it came', () => {
    expect(formatDate('2026-11-23T10:00:00.000Z')).toBe('23 Nov 2026');
    expect(formatDate('2026-11-23T10:00:00.000Z', 'bn')).toBe('২৩ নভে, ২০২৬');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('writes a moment to the second on the 24-hour clock, in Bangla digits in Bangla', () => {
    const moment = new Date(2026, 3, 2, 15, 4, 5).toISOString();
    expect(formatDateTime(moment)).toBe('2 Apr 2026, 15:04:05');
    expect(formatDateTime(moment, 'bn')).toBe('২ এপ্রি, ২০২৬, ১৫:০৪:০৫');
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
