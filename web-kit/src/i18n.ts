import { use } from 'react';
import { Languages, type Language } from 'shared-contracts/locale';
import { registerMessageLoader, useLanguage } from 'runtime-kernel';
import { formatMessageNumber } from './format';

/**
 * Each package's texts, in every language (docs/decisions/0038-i18n.md): a lookup by dotted key
 * with English as the fallback, and `{{value}}` places, in i18next's message syntax.
 *
 * A package (the host, each remote) calls `createTranslator` once with its own messages, which
 * its bundle carries: a remote released alone brings its own texts. The language is the page's
 * one choice in the shared store, so switching it re-renders the host and every remote at once,
 * and on the server each request renders in its own language without touching a global.
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

/** A language's message tree as a package holds it; other languages arrive as chunks. */
type MessageTree = { readonly [key: string]: string | MessageTree };

/** `{{name}}`, `{{name, number}}` or `{{name, number(useGrouping: false)}}`. */
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*(?:\(([^)]*)\))?\s*)?\}\}/g;

/** `useGrouping: false, maximumFractionDigits: 1` → options, as i18next's format options read. */
function formatOptions(text: string | undefined): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const pair of (text ?? '').split(',')) {
    const [name, raw] = pair.split(':').map((part) => part.trim());
    if (!name || raw === undefined) continue;
    options[name] =
      raw === 'true' ? true : raw === 'false' ? false : Number.isNaN(Number(raw)) ? raw : Number(raw);
  }
  return options;
}

/**
 * Puts the values into a message. A place whose value is missing stays as written, as i18next
 * leaves it, so the gap shows; `number` is the one format the messages use.
 */
function interpolate(message: string, values: MessageValues | undefined, language: Language): string {
  if (!values) return message;
  return message.replace(PLACEHOLDER, (place, name: string, format?: string, options?: string) => {
    const value = values[name];
    if (value === undefined) return place;
    if (format === 'number') return formatMessageNumber(value, language, formatOptions(options));
    return String(value);
  });
}

function lookup(tree: MessageTree | undefined, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function createTranslator<T extends object>(namespace: string, messages: PackageMessages<T>) {
  // English is in the bundle: ready before the first render, on the server too.
  const trees = new Map<Language, MessageTree>([['en', messages.en as MessageTree]]);
  const loaded = (language: Language) => trees.has(language);
  // What the package knows is which languages it holds; what it cannot know is a chunk that failed.
  const failed = new Set<Language>();
  const attempts = new Map<Language, Promise<void>>();
  const load = (language: Language): Promise<void> => {
    if (loaded(language)) return Promise.resolve();
    const pending = attempts.get(language);
    if (pending && !failed.has(language)) return pending;
    failed.delete(language);
    const attempt = messages[language as LoadedLanguage]()
      .then((tree) => {
        trees.set(language, tree as MessageTree);
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
      // A text not (yet) loaded in the page's language reads in English, never as its key; a key
      // in neither (only a cast can make one) reads as itself, so the gap shows.
      const translate: Translate<T> = (key, values) => {
        const message = lookup(trees.get(language), key) ?? lookup(trees.get('en'), key);
        return message === undefined ? key : interpolate(message, values, language);
      };
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
