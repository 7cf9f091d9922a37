import { expect } from 'vitest';
import { messageKeys, type PackageMessages } from './i18n';
import type { Language } from 'shared-contracts/locale';

type AnyTranslate = (key: never, values?: Record<string, string | number>) => string;

/**
 * The checks every package's messages pass (docs/decisions/0038-i18n.md): Bangla has exactly the
 * English keys, no text is empty, and no Bangla text is the English left in place — except
 * messages made of placeholders and punctuation alone, and the keys named in `sameInBoth`
 * (an example address reads the same in both languages).
 */
export function expectCompleteTranslation(
  messages: PackageMessages<object>,
  translate: (language: Language) => AnyTranslate,
  sameInBoth: readonly string[] = [],
) {
  expect(messageKeys(messages.bn)).toEqual(messageKeys(messages.en));
  for (const key of messageKeys(messages.bn)) {
    const bangla = translate('bn')(key as never);
    expect(bangla.trim(), key).not.toBe('');
    const words = bangla.replace(/{{[^}]*}}/g, '');
    if (/\p{L}/u.test(words) && !sameInBoth.includes(key))
      expect(bangla, key).not.toBe(translate('en')(key as never));
  }
}
