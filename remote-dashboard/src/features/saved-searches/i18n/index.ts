import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/**
 * The Saved searches page's texts in the page's language (docs/decisions/0038-i18n.md). Only that
 * lazily loaded page imports them, so they stay out of the dashboard's first load.
 */
export const { useT, translate } = createTranslator('dashboard-saved-searches', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type Translate = ReturnType<typeof useT>;
