import { createTranslator, type MessageKey } from 'web-kit/i18n';
import { en } from './en';

/** The catalog's texts in the page's language (docs/decisions/0038-i18n.md). */
export const { useT, translate } = createTranslator('catalog', {
  en,
  // Bangla is a chunk of its own, fetched only for a page in Bangla.
  bn: () => import('./bn').then((m) => m.bn),
});
export type CatalogMessageKey = MessageKey<typeof en>;
