import { useT } from '@/shared/i18n';

/**
 * The catalog's words for a failure that brought no answer from the API, for the forms whose own
 * texts are a lazily loaded translator of their own (docs/decisions/0044-byte-budget-in-the-tests.md).
 */
export function NoAnswer() {
  const t = useT();
  return t('common.checkConnection');
}
