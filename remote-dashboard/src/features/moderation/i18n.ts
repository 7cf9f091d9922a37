import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/** The moderation queue's texts in the page's language (docs/decisions/0038-i18n.md), loaded with its page. */
export const { useT, translate } = createTranslator('dashboard-moderation', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
