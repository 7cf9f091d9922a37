import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatNumber,
  formatPrice,
  formatRelativeTime,
  priceCurrency,
  priceSign,
} from './format';

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

  it('says how long ago in whole elapsed days, weeks, months and years, in each language', () => {
    const now = Date.parse('2026-11-25T12:00:00.000Z');
    const ago = (days: number, language: 'en' | 'bn' = 'en') =>
      formatRelativeTime(new Date(now - days * 86_400_000 - 60_000).toISOString(), now, language);
    expect([ago(0), ago(1), ago(3), ago(8), ago(40), ago(800)]).toEqual([
      'today',
      'yesterday',
      '3 days ago',
      'last week',
      'last month',
      '2 years ago',
    ]);
    expect([ago(0, 'bn'), ago(3, 'bn')]).toEqual(['আজ', '৩ দিন আগে']);
    expect(ago(800, 'bn')).toMatch(/^২ বছর/);
    // A clock a little ahead of the server's never says "in 2 minutes".
    expect(formatRelativeTime(new Date(now + 120_000).toISOString(), now)).toBe('today');
    expect(formatRelativeTime('not a date', now)).toBe('not a date');
  });

  it('writes a moment to the second on the 24-hour clock, in Bangla digits in Bangla', () => {
    const moment = new Date(2026, 3, 2, 15, 4, 5).toISOString();
    expect(formatDateTime(moment)).toBe('2 Apr 2026, 15:04:05');
    expect(formatDateTime(moment, 'bn')).toBe('২ এপ্রি, ২০২৬, ১৫:০৪:০৫');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('gives a price input the sign of the site’s currency, taka by default', () => {
    expect([priceSign('en'), priceSign('bn')]).toEqual(['৳', '৳']);
    expect(priceSign('en', 'USD')).toBe('$');
  });
});
