import { createTranslator, type MessageKey } from 'web-kit/i18n';
import { bn } from './bn';
import { en } from './en';

/** The dashboard's texts in the page's language (docs/decisions/0038-i18n.md). */
export const { useT, translate } = createTranslator('dashboard', { en, bn });
export type DashboardMessageKey = MessageKey<typeof en>;
export type Translate = ReturnType<typeof translate>;
