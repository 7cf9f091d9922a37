import { describe, expect, it } from 'vitest';
import { LANGUAGE_LOCALES, type Language } from 'shared-contracts/locale';
import {
  elapsedText,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPaisa,
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

  it('writes the money routes’ paisa as taka', () => {
    expect(formatPaisa(4_150_050)).toBe('৳41,500.50');
    expect(formatPaisa(8_950_000, 'bn')).toBe('৳৮৯,৫০০');
    expect(formatPaisa(120_000, 'en', 'USD')).toBe('$1,200');
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

  // The page's prices, counts and days are written without Intl (the module's comment says why):
  // these compare them with Intl's own output for the same locale, so a wrong rule or name fails here.
  describe('written without Intl, as Intl writes them', () => {
    const LANGUAGES: Language[] = ['en', 'bn'];
    const AMOUNTS = [
      0,
      7,
      42,
      999,
      1000,
      9999,
      10000,
      89500,
      100000,
      123456,
      1234567,
      98765432,
      1e12,
      2 ** 53 - 1,
    ];

    it('writes whole and two-decimal taka prices and whole counts', () => {
      for (const language of LANGUAGES) {
        const locale = LANGUAGE_LOCALES[language];
        const count = new Intl.NumberFormat(locale);
        const taka = (fractionDigits: number) =>
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'BDT',
            currencyDisplay: 'narrowSymbol',
            minimumFractionDigits: fractionDigits,
            maximumFractionDigits: fractionDigits,
          });
        const signFirst = (text: string) => `৳${text.replace('৳', '').trim()}`;
        for (const amount of AMOUNTS) {
          expect(formatNumber(amount, language)).toBe(count.format(amount));
          expect(formatPrice(amount, language)).toBe(signFirst(taka(0).format(amount)));
        }
        for (const amount of [0.5, 3.05, 345.5, 1234.99, 89500.1, 1234567.01]) {
          expect(formatPrice(amount, language)).toBe(signFirst(taka(2).format(amount)));
        }
      }
    });

    it('writes every month of a day', () => {
      for (const language of LANGUAGES) {
        const day = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
        });
        for (let month = 0; month < 12; month += 1) {
          for (const [date, year] of [
            [1, 2026],
            [28, 1999],
          ] as const) {
            const moment = new Date(year, month, date, 12);
            expect(formatDate(moment.toISOString(), language)).toBe(day.format(moment));
          }
        }
      }
    });

    it('writes days, weeks, months and years ago', () => {
      for (const language of LANGUAGES) {
        const relative = new Intl.RelativeTimeFormat(LANGUAGE_LOCALES[language], { numeric: 'auto' });
        for (const unit of ['day', 'week', 'month', 'year'] as const) {
          for (let count = 0; count <= 120; count += 1) {
            expect(elapsedText(count, unit, language)).toBe(relative.format(-count, unit));
          }
        }
      }
    });

    it('leaves to Intl what it does not write itself', () => {
      const farDay = new Date(12026, 0, 5, 12);
      expect(formatDate(farDay.toISOString(), 'en')).toBe(
        new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(farDay),
      );
      expect(formatNumber(-1234, 'bn')).toBe('-১,২৩৪');
      expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
      expect(formatPrice(1200.5, 'en', 'EUR')).toBe('€1,200.50');
    });
  });
});
