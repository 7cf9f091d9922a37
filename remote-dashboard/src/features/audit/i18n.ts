import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/** The audit page's own words (docs/decisions/0038-i18n.md), loaded with the page. */
export const { useT, translate } = createTranslator('dashboard-audit', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type AuditTranslate = ReturnType<typeof translate>;
