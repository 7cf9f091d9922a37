import { Button } from '@mantine/core';
import { LANGUAGE_NAMES } from 'shared-contracts/locale';
import { useAuthStore } from 'runtime-kernel';
import { translate } from '@/shared/i18n';

/**
 * Two languages: one button that names the other one in its own script (বাংলা / English) and
 * switches the whole page, host and remotes, without a reload (docs/product.md#languages-and-money).
 */
export function LanguageSwitch() {
  const language = useAuthStore((s) => s.language);
  const setLanguage = useAuthStore((s) => s.setLanguage);
  const other = language === 'bn' ? 'en' : 'bn';
  // Said in the language it switches to: its readers are the ones looking for it.
  const t = translate(other);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      onClick={() => setLanguage(other)}
      aria-label={t('header.switchLanguage')}
      data-testid="language-switch"
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
