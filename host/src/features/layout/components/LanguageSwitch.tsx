import { Button } from '@mantine/core';
import { LANGUAGE_NAMES, SWITCH_TO_LANGUAGE } from 'shared-contracts/locale';
import { currentFirebaseUser, loadLanguage, useAuthStore } from 'runtime-kernel';
import { saveLanguage } from '../api/save-language';

/**
 * Two languages: one button that names the other one in its own script (বাংলা / English) and
 * switches the whole page, host and remotes, without a reload once the app runs
 * (docs/product.md#languages-and-money).
 * The other language's texts load on demand: from the moment a pointer or the focus reaches the
 * button, and the page switches once every package on it has them, never half translated. A
 * signed-in user's choice is saved to their profile too, so their other devices and their e-mails
 * follow it; the kernel takes the saved one up when they sign in.
 */
export function LanguageSwitch() {
  const language = useAuthStore((s) => s.language);
  const switchLanguage = useAuthStore((s) => s.switchLanguage);
  const other = language === 'bn' ? 'en' : 'bn';
  const preload = () => void loadLanguage(other);
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      lang={other}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={async () => {
        await loadLanguage(other);
        switchLanguage(other);
        const user = useAuthStore.getState().user;
        if (!user) return;
        // A signed-in page starts from the server's hint, which has no e-mail: until Firebase has
        // restored the session (the press itself may be what starts it), the save waits for it.
        const email = user.email ?? (await currentFirebaseUser())?.email;
        // This page has switched either way; a failed save only means another device is not told.
        if (email) await saveLanguage(email, other).catch(() => undefined);
      }}
      // Said in the language it switches to: its readers are the ones looking for it.
      aria-label={SWITCH_TO_LANGUAGE[other]}
      data-testid="language-switch"
      // Before a signed-out page's app has started, the page's loader reloads it in this language
      // (host/src/server/page-template.ts).
      data-language-switch={other}
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
