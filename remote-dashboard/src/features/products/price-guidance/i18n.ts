import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/** Price guidance's texts in the page's language (docs/decisions/0038-i18n.md), loaded with the panel. */
export const { useT, translate } = createTranslator('dashboard-price-guidance', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
