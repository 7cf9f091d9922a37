import { activeAuthStore } from 'shared-auth';
import { LANGUAGE_LOCALES, type Language } from 'shared-contracts/locale';

/**
 * Prices and days in the page's language (docs/product.md#languages-and-money): Bangla digits
 * in Bangla, Western digits in English, always through Intl. Without a language argument they
 * follow the page's store (the request's on the server); components that show them re-render on
 * a language change because they also show texts (useT).
 */

/** The currency prices are shown in. The taka switch (the Bangla issue) moves it to app config. */
const PRICE_CURRENCY = 'USD';

const pageLanguage = (): Language => activeAuthStore().getState().language;

const priceFormats = new Map<Language, Intl.NumberFormat>();
const dayFormats = new Map<Language, Intl.DateTimeFormat>();

function priceFormat(language: Language) {
  let format = priceFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(LANGUAGE_LOCALES[language], {
      style: 'currency',
      currency: PRICE_CURRENCY,
      currencyDisplay: 'narrowSymbol',
    });
    priceFormats.set(language, format);
  }
  return format;
}

/**
 * Prices travel as currency units with up to two decimals (shared-contracts/products). The sign
 * comes first in both languages, as price tags in Bangladesh write it (Intl's Bangla puts it
 * last).
 */
export function formatPrice(value: number, language: Language = pageLanguage()): string {
  const parts = priceFormat(language).formatToParts(value);
  const sign = parts.filter((p) => p.type === 'currency').map((p) => p.value);
  const amount = parts.filter((p) => p.type !== 'currency' && !(p.type === 'literal' && !p.value.trim()));
  return [...sign, ...amount.map((p) => p.value)].join('');
}

/** A day as people read it; an unreadable value is shown as it came. */
export function formatDate(iso: string, language: Language = pageLanguage()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dayFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(LANGUAGE_LOCALES[language], {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    });
    dayFormats.set(language, format);
  }
  return format.format(date);
}
