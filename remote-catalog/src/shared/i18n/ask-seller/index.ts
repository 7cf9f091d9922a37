import { createTranslator, type MessageKey } from 'web-kit/i18n';
import { en } from './en';

/**
 * The Ask the seller form's texts in the page's language (docs/decisions/0038-i18n.md). Only the
 * lazily loaded AskSellerDialog imports them, so they stay out of the catalog's first load
 * (docs/decisions/0044-byte-budget-in-the-tests.md).
 */
export const { useT, translate } = createTranslator('catalog-ask-seller', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type AskSellerMessageKey = MessageKey<typeof en>;
