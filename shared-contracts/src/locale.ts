/**
 * The site's languages and currency (docs/product.md#languages-and-money). Zod-free: the web
 * shell and the store read it on every page.
 */

export const Languages = ['en', 'bn'] as const;
export type Language = (typeof Languages)[number];

/** What a visitor gets when neither a saved choice nor the browser names one of ours. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** The currency every price is stored, shown and charged in unless CURRENCY says otherwise. */
export const DEFAULT_CURRENCY = 'BDT';

/** The saved choice (a cookie, so the server renders in it too). */
export const LANGUAGE_COOKIE = 'sb_lang';

/**
 * The Intl locale of each language: Bangla as written in Bangladesh (Bangla digits, lakh
 * grouping); English as Bangladesh writes it, day before month (British conventions).
 */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-GB', bn: 'bn-BD' };

/** The language's own name, as its speakers write it (the switcher shows these). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

/**
 * The language switch's spoken label, in the language it switches to, so a reader of that language
 * recognises it. Here rather than in the host's messages: an English page would otherwise load all
 * of the Bangla texts for this one sentence.
 */
export const SWITCH_TO_LANGUAGE: Record<Language, string> = {
  en: 'Show the site in English',
  bn: 'সাইটটি বাংলায় দেখুন',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (Languages as readonly string[]).includes(value);

/** A saved value, or null when it is missing or not one of ours. */
export const parseLanguage = (raw: string | null | undefined): Language | null =>
  isLanguage(raw) ? raw : null;

/**
 * The first of the visitor's preferred tags (`bn-BD`, `en-US`, `bn`) whose language is ours;
 * the default when none is.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The tags of an Accept-Language header, most preferred first (RFC 9110 §12.5.4: `q` weights,
 * default 1; `q=0` means "not this one"). Malformed entries are skipped, never thrown on.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const entries: { tag: string; q: number; index: number }[] = [];
  header
    .slice(0, 1000)
    .split(',')
    .forEach((part, index) => {
      const [rawTag, ...params] = part.split(';');
      const tag = rawTag?.trim() ?? '';
      if (!/^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return;
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      if (!Number.isFinite(q) || q <= 0 || q > 1) return;
      entries.push({ tag, q, index });
    });
  return entries.sort((a, b) => b.q - a.q || a.index - b.index).map((e) => e.tag);
}
