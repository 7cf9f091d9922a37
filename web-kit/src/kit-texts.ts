import { createTranslator } from './i18n';
import { en } from './i18n/en';

/**
 * The kit's texts in the page's language. Each remote bundles the kit, so each registers this
 * loader; the Bangla chunk is fetched only for a page in Bangla, like every package's.
 */
export const { translate: kitText } = createTranslator('web-kit', {
  en,
  bn: () => import('./i18n/bn').then((m) => m.bn),
});
