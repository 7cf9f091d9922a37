import i18next from 'i18next';
import { Languages, type Language } from 'shared-contracts/locale';
import { useLanguage } from 'runtime-kernel';

/**
 * Each package's texts, in every language, through i18next (docs/decisions/0038-i18n.md).
 *
 * A package (the host, each remote) calls `createTranslator` once with its own messages, which
 * its bundle carries: a remote released alone brings its own texts. The language is not
 * i18next's: it is the page's one choice in the shared store, so switching it re-renders the host
 * and every remote at once, and on the server each request renders in its own language without
 * touching a global (`getFixedT`).
 */

/** The Bangla messages must have exactly the English ones' keys (the type checks it). */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Every message's dotted key: `header.signIn`. */
export type MessageKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : MessageKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export interface PackageMessages<T> {
  en: T;
  bn: Translation<T>;
}

/** Values put into a message's `{{name}}` places. */
export type MessageValues = Record<string, string | number>;

export type Translate<T> = (key: MessageKey<T>, values?: MessageValues) => string;

export function createTranslator<T extends object>(namespace: string, messages: PackageMessages<T>) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { [namespace]: messages.en }, bn: { [namespace]: messages.bn } },
    ns: [namespace],
    defaultNS: namespace,
    supportedLngs: [...Languages],
    fallbackLng: 'en',
    // The resources are in the bundle: ready before the first render, on the server too.
    initAsync: false,
    // React escapes what it renders; escaping here too would show `&amp;`.
    interpolation: { escapeValue: false },
  });
  const byLanguage = Object.fromEntries(
    Languages.map((language) => {
      const fixed = instance.getFixedT(language, namespace);
      const translate: Translate<T> = (key, values) => String(fixed(key as string, values));
      return [language, translate];
    }),
  ) as Record<Language, Translate<T>>;
  return {
    /** The texts in the page's language; the component re-renders when it changes. */
    useT: (): Translate<T> => byLanguage[useLanguage()],
    /** The texts in a given language (outside React: a toast, a document title). */
    translate: (language: Language): Translate<T> => byLanguage[language],
  };
}

/** Every key of a message tree, for tests that compare languages. */
export function messageKeys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : messageKeys(value as object, `${prefix}${key}.`),
  );
}
