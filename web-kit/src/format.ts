import { activeAuthStore, getAppConfig } from 'shared-auth';
import { DEFAULT_CURRENCY, LANGUAGE_LOCALES, type Language } from 'shared-contracts/locale';

/**
 * Prices and days in the page's language and the site's currency
 * (docs/product.md#languages-and-money): Bangla digits in Bangla, Western digits in English, always
 * through Intl. Without a language argument they follow the page's store (the request's on the
 * server); components that show them re-render on a language change because they also show texts
 * (useT).
 */

const pageLanguage = (): Language => activeAuthStore().getState().language;

/** The currency of every price: the API's CURRENCY, served in the app config. */
export function priceCurrency(): string {
  try {
    return getAppConfig().currency ?? DEFAULT_CURRENCY;
  } catch {
    // Before the configuration is loaded (a unit test of a formatter): the site's default.
    return DEFAULT_CURRENCY;
  }
}

const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function priceFormat(language: Language, currency: string, fractionDigits: number) {
  const key = `price:${language}:${currency}:${fractionDigits}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * Prices travel as currency units with up to two decimals (shared-contracts/products): whole
 * amounts are written without decimals (৳89,500), others with two. The sign comes first in both
 * languages, as price tags in Bangladesh write it (Intl's Bangla puts it last).
 */
export function formatPrice(
  value: number,
  language: Language = pageLanguage(),
  currency = priceCurrency(),
): string {
  const parts = priceFormat(language, currency, Number.isInteger(value) ? 0 : 2).formatToParts(value);
  const sign = parts.filter((p) => p.type === 'currency').map((p) => p.value);
  const amount = parts.filter((p) => p.type !== 'currency' && !(p.type === 'literal' && !p.value.trim()));
  return [...sign, ...amount.map((p) => p.value)].join('');
}

/** A count as the page's language writes it (Bangla digits in Bangla). */
export function formatNumber(value: number, language: Language = pageLanguage()): string {
  const key = `number:${language}`;
  let format = formats.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language]);
    formats.set(key, format);
  }
  return format.format(value);
}

/** A day as people read it; an unreadable value is shown as it came. */
export function formatDate(iso: string, language: Language = pageLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `day:${language}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    formats.set(key, format);
  }
  return format.format(date);
}

/**
 * A moment to the second, as a log shows it ("2 Apr 2026, 09:00:00"): the 24-hour clock in both
 * languages, so Bangla reads without an English AM/PM.
 */
export function formatDateTime(iso: string, language: Language = pageLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `moment:${language}`;
  let format = formats.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      dateStyle: 'medium',
      timeStyle: 'medium',
      hourCycle: 'h23',
    });
    formats.set(key, format);
  }
  return format.format(date);
}
