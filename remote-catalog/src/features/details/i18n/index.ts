import { createTranslator, type MessageKey } from 'web-kit/i18n';
import { en } from './en';

/**
 * The offer form's, offer state's and report form's texts in the page's language
 * (docs/decisions/0038-i18n.md). Only the lazily loaded MakeOfferDialog, OfferState and
 * ReportItemDialog import them, so they stay out of the details page's first load
 * (docs/decisions/0044-byte-budget-in-the-tests.md).
 */
export const { useT, translate } = createTranslator('catalog-details-parts', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type DetailsPartsMessageKey = MessageKey<typeof en>;
