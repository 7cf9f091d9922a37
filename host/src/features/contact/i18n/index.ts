import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/**
 * The contact page's texts in the page's language (docs/decisions/0038-i18n.md). Only its lazily loaded
 * route imports them, so they stay out of every page's first load.
 */
export const { useT, translate } = createTranslator('host-contact', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type Translate = ReturnType<typeof translate>;
