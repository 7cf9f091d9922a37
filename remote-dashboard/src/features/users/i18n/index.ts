import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/**
 * The operators' user-blocks texts in the page's language (docs/decisions/0038-i18n.md), imported
 * only by the lazily loaded user lists, so they stay out of the dashboard's first load.
 */
export const { useT, translate } = createTranslator('dashboard-user-blocks', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
