import { activeAuthStore, getAppConfig } from 'runtime-kernel';
import {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_LOCALES,
  type Language,
} from 'shared-contracts/locale';
import {
  groupedWhole,
  isPlainWhole,
  languageDigits as digits,
  plainTaka,
  TAKA_SIGN,
} from 'shared-contracts/plain-numbers';

/**
 * Prices and days in the page's language and the site's currency
 * (docs/product.md#languages-and-money): Bangla digits in Bangla, Western digits in English. Without
 * a language argument they follow the page's store (the request's on the server); components that
 * show them re-render on a language change because they also show texts (useT).
 *
 * What a catalog page shows (taka prices, counts, days, days ago) is written here without Intl, by
 * the rules and names of ICU's en-GB and bn-BD data (format.test.ts compares them with Intl's): the
 * browser's first Intl number or date format of a page starts ICU, 13–48 ms on this machine and
 * four times that on a phone, in the middle of hydration (docs/decisions/0042-formatting-without-intl.md).
 * Everything else (another currency, fractions of a count, moments to the second) goes through Intl.
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

/** The sign of the currencies this module writes prices in itself, in both languages. */
const PLAIN_CURRENCY_SIGNS: Readonly<Record<string, string>> = { BDT: TAKA_SIGN };

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
  const plainSign = PLAIN_CURRENCY_SIGNS[currency];
  if (plainSign) return plainSign;
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
  // A safe whole number of cents is a finite price too (NaN and Infinity are not).
  const plain = currency === 'BDT' ? plainTaka(value, language) : undefined;
  if (plain !== undefined) return plain;
  const parts = priceFormat(language, currency, Number.isInteger(value) ? 0 : 2).formatToParts(value);
  const sign = parts.filter((p) => p.type === 'currency').map((p) => p.value);
  const amount = parts.filter((p) => p.type !== 'currency' && !(p.type === 'literal' && !p.value.trim()));
  return [...sign, ...amount.map((p) => p.value)].join('');
}

/**
 * An amount of the money routes, which count in whole paisa (shared-contracts/money.ts: 1 taka =
 * 100 paisa), as a price in taka: 4150050 → ৳41,500.50.
 */
export function formatPaisa(
  paisa: number,
  language: Language = pageLanguage(),
  currency = priceCurrency(),
): string {
  return formatPrice(paisa / 100, language, currency);
}

/** A count as the page's language writes it (Bangla digits in Bangla). */
export function formatNumber(value: number, language: Language = pageLanguage()): string {
  if (isPlainWhole(value)) return groupedWhole(value, language);
  return cachedFormat(`number:${language}`, () => new Intl.NumberFormat(LANGUAGE_LOCALES[language])).format(
    value,
  );
}

/**
 * i18next's `number` format (`{{count, number}}`, `{{year, number(useGrouping: false)}}` in the
 * messages), which i18next would write with `Intl.NumberFormat(lng, options)`: whole numbers
 * without Intl, as formatNumber writes them; anything else as i18next would.
 */
export function formatMessageNumber(
  value: unknown,
  lng: string | undefined,
  options: Record<string, unknown> = {},
) {
  const language = isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  const number = Number(value);
  if (isPlainWhole(number)) {
    return options.useGrouping === false ? digits(String(number), language) : groupedWhole(number, language);
  }
  return new Intl.NumberFormat(lng, options).format(number);
}

/** One of Intl's date formats in the language's locale, built once (`cachedFormat`). */
function dateFormat(name: string, language: Language, options: Intl.DateTimeFormatOptions) {
  return cachedFormat(
    `${name}:${language}`,
    () => new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], options),
  );
}

/** ICU's short month names (en-GB, bn-BD). */
const SHORT_MONTHS: Record<Language, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
};

/**
 * A day as people read it ('23 Nov 2026', '২৩ নভে, ২০২৬'), in the local time zone as Intl would;
 * an unreadable value is shown as it came.
 */
export function formatDate(iso: string, language: Language = pageLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (date.getFullYear() < 1000 || date.getFullYear() > 9999) {
    // Not a listing's or a review's day: Intl writes such years its own way (no padding, eras).
    return dateFormat('day', language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
  }
  const month = SHORT_MONTHS[language][date.getMonth()];
  const day = digits(String(date.getDate()), language);
  const year = digits(String(date.getFullYear()), language);
  return language === 'bn' ? `${day} ${month}, ${year}` : `${day} ${month} ${year}`;
}

type ElapsedUnit = 'year' | 'month' | 'week' | 'day';

const RELATIVE_STEPS: [ElapsedUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
];

/**
 * ICU's past relative times with `numeric: 'auto'` (en-GB, bn-BD): the named ones ('yesterday',
 * 'last week', Bangla's 'গত পরশু' for two days), then `{n}` in the language's digits.
 */
const ELAPSED_WORDS: Record<Language, Record<ElapsedUnit, { named: readonly string[]; ago: string }>> = {
  en: {
    day: { named: ['today', 'yesterday'], ago: '{n} days ago' },
    week: { named: ['this week', 'last week'], ago: '{n} weeks ago' },
    month: { named: ['this month', 'last month'], ago: '{n} months ago' },
    year: { named: ['this year', 'last year'], ago: '{n} years ago' },
  },
  bn: {
    day: { named: ['আজ', 'গতকাল', 'গত পরশু'], ago: '{n} দিন আগে' },
    week: { named: ['এই সপ্তাহ', 'গত সপ্তাহ'], ago: '{n} সপ্তাহ আগে' },
    month: { named: ['এই মাস', 'গত মাস'], ago: '{n} মাস আগে' },
    year: { named: ['এই বছর', 'গত বছর'], ago: '{n} বছর পূর্বে' },
  },
};

/** `count` whole `unit`s ago, as ICU's `numeric: 'auto'` writes it. */
export function elapsedText(count: number, unit: ElapsedUnit, language: Language): string {
  const words = ELAPSED_WORDS[language][unit];
  return words.named[count] ?? words.ago.replace('{n}', digits(String(count), language));
}

/**
 * How long ago a moment was, in whole days at the finest ('today', '3 days ago', 'last month';
 * '৩ দিন আগে' in Bangla). Counted in elapsed days, not calendar days, so the server's and the
 * browser's time zones agree and the server-rendered text hydrates unchanged; an unreadable value
 * is shown as it came.
 */
export function formatRelativeTime(
  iso: string,
  now: number = Date.now(),
  language: Language = pageLanguage(),
): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return iso;
  const elapsed = Math.max(0, now - then);
  const [unit, size] = RELATIVE_STEPS.find(([, size]) => elapsed >= size) ?? ['day', 86_400_000];
  return elapsedText(Math.floor(elapsed / size), unit, language);
}

/**
 * A moment to the second, as a log shows it ("2 Apr 2026, 09:00:00"): the 24-hour clock in both
 * languages, so Bangla reads without an English AM/PM.
 */
export function formatDateTime(iso: string, language: Language = pageLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat('moment', language, {
    dateStyle: 'medium',
    timeStyle: 'medium',
    hourCycle: 'h23',
  }).format(date);
}
