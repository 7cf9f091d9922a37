import i18next from 'i18next';
import { use } from 'react';
import { Languages, type Language } from 'shared-contracts/locale';
import { registerMessageLoader, useLanguage } from 'runtime-kernel';
import { formatMessageNumber } from './format';

/**
 * Each package's texts, in every language, through i18next (docs/decisions/0038-i18n.md).
 *
 * A package (the host, each remote) calls `createTranslator` once with its own messages, which
 * its bundle carries: a remote released alone brings its own texts. The language is not
 * i18next's: it is the page's one choice in the shared store, so switching it re-renders the host
 * and every remote at once, and on the server each request renders in its own language without
 * touching a global (`getFixedT`).
 *
 * Only the English texts travel in the package's first load; every other language is a chunk of
 * its own, fetched when a page is in it (docs/decisions/0038-i18n.md, "Loaded on demand").
 */

/** The Bangla messages must have exactly the English ones' keys (the type checks it). */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/** Every message's dotted key: `header.signIn`. */
export type MessageKey<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : MessageKey<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** The languages other than English, whose texts a package loads on demand. */
type LoadedLanguage = Exclude<Language, 'en'>;

/** English in the bundle (every key's fallback); each other language as a loader of its chunk. */
export type PackageMessages<T> = { en: T } & Record<LoadedLanguage, () => Promise<Translation<T>>>;

/** Values put into a message's `{{name}}` places. */
export type MessageValues = Record<string, string | number>;

export type Translate<T> = (key: MessageKey<T>, values?: MessageValues) => string;

export function createTranslator<T extends object>(namespace: string, messages: PackageMessages<T>) {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { [namespace]: messages.en } },
    ns: [namespace],
    defaultNS: namespace,
    supportedLngs: [...Languages],
    // A text not (yet) loaded in the page's language reads in English, never as its key.
    fallbackLng: 'en',
    // English is in the bundle: ready before the first render, on the server too.
    initAsync: false,
    // React escapes what it renders; escaping here too would show `&amp;`.
    interpolation: { escapeValue: false },
  });
  // Counts in messages without starting the browser's Intl in the middle of hydration (format.ts).
  instance.services.formatter?.add('number', formatMessageNumber);

  // i18next knows which languages it holds; what it cannot know is a chunk that failed.
  const loaded = (language: Language) => instance.hasResourceBundle(language, namespace);
  const failed = new Set<Language>();
  const attempts = new Map<Language, Promise<void>>();
  const load = (language: Language): Promise<void> => {
    if (loaded(language)) return Promise.resolve();
    const pending = attempts.get(language);
    if (pending && !failed.has(language)) return pending;
    failed.delete(language);
    const attempt = messages[language as LoadedLanguage]()
      .then((tree) => {
        instance.addResourceBundle(language, namespace, tree);
      })
      .catch((error: unknown) => {
        // English stays on screen; the next loadLanguage (a switch, a page load) tries again.
        failed.add(language);
        console.error(`[i18n] the ${namespace} texts in ${language} did not load`, error);
      });
    attempts.set(language, attempt);
    return attempt;
  };
  registerMessageLoader(load);

  const byLanguage = Object.fromEntries(
    Languages.map((language) => {
      const fixed = instance.getFixedT(language, namespace);
      const translate: Translate<T> = (key, values) => String(fixed(key as string, values));
      return [language, translate];
    }),
  ) as Record<Language, Translate<T>>;
  return {
    /**
     * The texts in the page's language; the component re-renders when it changes. Texts still on
     * their way suspend the component (the page loads them before it renders or hydrates, so this
     * is the rare remote that arrives later), rather than flash English and then switch.
     */
    useT: (): Translate<T> => {
      const language = useLanguage();
      if (!loaded(language) && !failed.has(language)) use(load(language));
      return byLanguage[language];
    },
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
