import { createTranslator, type MessageKey } from 'web-kit/i18n';
import { en } from './en';

/** Checkout's texts in the page's language (docs/decisions/0038-i18n.md). */
export const { useT, translate } = createTranslator('checkout', {
  en,
  // Bangla is a chunk of its own, fetched only for a page in Bangla.
  bn: () => import('./bn').then((m) => m.bn),
});
export type CheckoutMessageKey = MessageKey<typeof en>;
export type Translate = ReturnType<typeof translate>;
