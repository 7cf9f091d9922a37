import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/**
 * The bell's sentences in the page's language (docs/decisions/0038-i18n.md). Only the lazily
 * loaded NotificationItems imports them, so they stay out of every page's first load
 * (docs/decisions/0044-byte-budget-in-the-tests.md).
 */
export const { useT, translate } = createTranslator('host-notifications', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type Translate = ReturnType<typeof translate>;
