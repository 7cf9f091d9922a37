import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/**
 * The offer pages' texts in the page's language (docs/decisions/0038-i18n.md). Only the offer
 * pages import them, so they arrive with those pages' chunk rather than in the dashboard's first
 * load (docs/decisions/0044-byte-budget-in-the-tests.md); the drawer's links stay in shared/i18n.
 */
export const { useT, translate } = createTranslator('dashboard-offers', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type Translate = ReturnType<typeof useT>;
