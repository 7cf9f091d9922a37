import { createTranslator } from 'web-kit/i18n';
import { en } from './en';

/**
 * The sign-in, registration and password pages' texts in the page's language
 * (docs/decisions/0038-i18n.md). Only those lazily loaded pages import them, so they stay out of
 * every page's first load.
 */
export const { useT, translate } = createTranslator('host-auth', {
  en,
  bn: () => import('./bn').then((m) => m.bn),
});
export type Translate = ReturnType<typeof translate>;
