import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/** Verified devices' texts in the page's language (docs/decisions/0038-i18n.md), loaded with their screens. */
export const { useT, translate } = createTranslator('dashboard-verifications', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
