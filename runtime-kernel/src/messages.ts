import type { Language } from 'shared-contracts/locale';

/**
 * Loads one package's texts in a language its first load did not bring (web-kit's
 * `createTranslator`). It settles either way: a language whose texts could not load shows the
 * English ones, and the next `loadLanguage` tries again.
 */
export type MessageLoader = (language: Language) => Promise<void>;

// One list for the page: the host and each remote register here, so one call loads the texts of
// every package on the page (a language switch, a page about to hydrate).
const loaders = new Set<MessageLoader>();
let wanted: Language | undefined;

/**
 * A package's loader joins the page's. A package that arrives after a language was asked for (a
 * remote evaluated while the page hydrates in Bangla) starts loading it at once, alongside its code.
 */
export function registerMessageLoader(load: MessageLoader): void {
  loaders.add(load);
  if (wanted) void load(wanted);
}

/** Resolves once every registered package has its texts in `language` (or has given up on them). */
export async function loadLanguage(language: Language): Promise<void> {
  wanted = language;
  await Promise.all([...loaders].map((load) => load(language)));
}
