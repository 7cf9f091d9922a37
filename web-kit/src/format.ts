import { activeAuthStore, getAppConfig } from 'runtime-kernel';
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

const formats = new Map<string, unknown>();

/** One Intl formatter per key: building one costs far more than using it, and pages format often. */
function cachedFormat<F>(key: string, make: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (format === undefined) {
    format = make();
    formats.set(key, format);
  }
  return format;
}

function priceFormat(language: Language, currency: string, fractionDigits: number) {
  return cachedFormat(
    `price:${language}:${currency}:${fractionDigits}`,
    () =>
      new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: fractionDigits,
        maximumFractionDigits: fractionDigits,
      }),
  );
}

/**
 * The sign of the currency prices are shown and charged in (৳ unless CURRENCY says otherwise), as
 * the page's language writes it: the prefix of a price input.
 */
export function priceSign(language: Language = pageLanguage(), currency = priceCurrency()): string {
  const parts = priceFormat(language, currency, 0).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
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
  return cachedFormat(`number:${language}`, () => new Intl.NumberFormat(LANGUAGE_LOCALES[language])).format(
    value,
  );
}

/** A day as people read it; an unreadable value is shown as it came. */
export function formatDate(iso: string, language: Language = pageLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = cachedFormat(
    `day:${language}`,
    () =>
      new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
  );
  return format.format(date);
}

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
];

/**
 * How long ago a moment was, in whole days at the finest ('today', '3 days ago', 'last month';
 * '৩ দিন আগে' in Bangla), through Intl.RelativeTimeFormat. Counted in elapsed days, not calendar
 * days, so the server's and the browser's time zones agree and the server-rendered text
 * hydrates unchanged; an unreadable value is shown as it came.
 */
export function formatRelativeTime(
  iso: string,
  now: number = Date.now(),
  language: Language = pageLanguage(),
): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const format = cachedFormat(
    `relative:${language}`,
    () => new Intl.RelativeTimeFormat(LANGUAGE_LOCALES[language], { numeric: 'auto' }),
  );
  const elapsed = Math.max(0, now - then);
  const [unit, size] = RELATIVE_STEPS.find(([, size]) => elapsed >= size) ?? ['day', 86_400_000];
  return format.format(-Math.floor(elapsed / size), unit);
}

/**
 * A moment to the second, as a log shows it ("2 Apr 2026, 09:00:00"): the 24-hour clock in both
 * languages, so Bangla reads without an English AM/PM.
 */
export function formatDateTime(iso: string, language: Language = pageLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = cachedFormat(
    `moment:${language}`,
    () =>
      new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
        dateStyle: 'medium',
        timeStyle: 'medium',
        hourCycle: 'h23',
      }),
  );
  return format.format(date);
}
