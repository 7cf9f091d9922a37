import { use } from 'react';
import type { Language } from 'shared-contracts/locale';
import { activeAuthStore, useLanguage } from './auth-store';
import { registerMessageLoader } from './messages';
import { en, type KernelTexts } from './i18n/en';

/**
 * The kernel's few texts in the page's language. web-kit's `createTranslator` does this for every
 * other package, but web-kit is built on the kernel, so the kernel keeps this small twin: a lookup
 * by dotted key with English as the fallback and `{{name}}` places. Only the English travels in
 * the first load; the Bangla is a chunk of its own, loaded with every other package's
 * (registerMessageLoader), before a Bangla page renders.
 */
type Tree = { readonly [key: string]: string | Tree };
type Key<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Key<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type KernelTextKey = Key<KernelTexts>;

const trees = new Map<Language, Tree>([['en', en]]);
let bangla: Promise<void> | undefined;
let failed = false;

function load(language: Language): Promise<void> {
  if (trees.has(language)) return Promise.resolve();
  if (failed) bangla = undefined;
  failed = false;
  bangla ??= import('./i18n/bn').then(
    ({ bn }) => void trees.set(language, bn),
    (error: unknown) => {
      // English stays on screen (a component no longer waits for it); the next loadLanguage tries again.
      failed = true;
      console.error('[i18n] the kernel texts in', language, 'did not load', error);
    },
  );
  return bangla;
}
registerMessageLoader(load);

const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';
/** A whole number in the language's digits (a status code, a count). */
const digits = (value: number, language: Language) =>
  language === 'bn' ? String(value).replace(/[0-9]/g, (d) => BANGLA_DIGITS[Number(d)]!) : String(value);

function lookup(tree: Tree | undefined, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A kernel text in `language` (the page's, by default), outside React: an error's message. */
export function kernelText(
  key: KernelTextKey,
  values: Record<string, string | number> = {},
  language: Language = activeAuthStore().getState().language,
): string {
  const message = lookup(trees.get(language), key) ?? lookup(en, key) ?? key;
  return message.replace(/\{\{\s*(\w+)\s*\}\}/g, (place, name: string) => {
    const value = values[name];
    if (value === undefined) return place;
    return typeof value === 'number' ? digits(value, language) : value;
  });
}

/** The kernel's texts in the page's language, re-rendering when it changes. */
export function useKernelText(): (key: KernelTextKey, values?: Record<string, string | number>) => string {
  const language = useLanguage();
  // The page loads its language before it renders; a component that still gets here early waits.
  if (!trees.has(language) && !failed) use(load(language));
  return (key, values) => kernelText(key, values, language);
}
