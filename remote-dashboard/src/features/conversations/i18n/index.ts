import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/**
 * Blocking's texts in the page's language (docs/decisions/0038-i18n.md). Only the conversation
 * pages and Blocked people import them, so they arrive with those chunks rather than in the
 * dashboard's first load.
 */
export const { useT, translate } = createTranslator('dashboard-blocks', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type Translate = ReturnType<typeof useT>;
