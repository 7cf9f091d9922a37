import type { Language } from './locale';

/**
 * Whole numbers and taka written without Intl, by ICU's rules for en-GB and bn-BD
 * (docs/decisions/0042-formatting-without-intl.md). Zod-free and free of the page's state, so the
 * web's formatters (web-kit/src/format.ts, which checks them against Intl) and the API's e-mails
 * write a number the same way.
 */

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** Western digits in English, Bangla digits in Bangla. */
export function languageDigits(text: string, language: Language): string {
  return language === 'bn' ? text.replace(/[0-9]/g, (digit) => BANGLA_DIGITS[Number(digit)]!) : text;
}

/** Whole numbers these functions write; anything else (negative, huge, fractional) needs Intl. */
export const isPlainWhole = (value: number) => Number.isSafeInteger(value) && value >= 0;

/**
 * A whole number from 0 up, grouped as the language does: thousands in English (12,345,678),
 * thousands then lakhs and crores in Bangla (১,২৩,৪৫,৬৭৮).
 */
export function groupedWhole(value: number, language: Language): string {
  const plain = String(value);
  const last = plain.slice(-3);
  const rest = plain.slice(0, -3);
  const size = language === 'bn' ? 2 : 3;
  const groups: string[] = [];
  for (let end = rest.length; end > 0; end -= size) groups.unshift(rest.slice(Math.max(0, end - size), end));
  return languageDigits([...groups, last].join(','), language);
}

/** The taka sign, the same in both languages. */
export const TAKA_SIGN = '৳';

/**
 * An amount in taka with up to two decimals (৳89,500, ৳41,500.50; ৳৮৯,৫০০ in Bangla): the sign
 * first, as price tags in Bangladesh write it. Undefined for what is not a safe whole number of
 * paisa from 0 up, which the caller writes another way.
 */
export function plainTaka(value: number, language: Language): string | undefined {
  const cents = Math.round(value * 100);
  if (!isPlainWhole(cents)) return undefined;
  const whole = groupedWhole(Math.floor(cents / 100), language);
  const fraction = Number.isInteger(value)
    ? ''
    : languageDigits(`.${String(cents % 100).padStart(2, '0')}`, language);
  return `${TAKA_SIGN}${whole}${fraction}`;
}
