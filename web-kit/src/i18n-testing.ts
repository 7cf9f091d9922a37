import { expect } from 'vitest';
import { loadLanguage } from 'runtime-kernel';
import type { Language } from 'shared-contracts/locale';
import { messageKeys } from './i18n';

type AnyTranslate = (key: never, values?: Record<string, string | number>) => string;

/**
 * The checks every package's messages pass (docs/decisions/0038-i18n.md): Bangla has exactly the
 * English keys, no text is empty, and no Bangla text is the English left in place — except
 * messages made of placeholders and punctuation alone, and the keys named in `sameInBoth`
 * (an example address reads the same in both languages). The Bangla texts are read through the
 * package's translator, which loads them on demand first.
 */
export async function expectCompleteTranslation(
  messages: { en: object; bn: object },
  translate: (language: Language) => AnyTranslate,
  sameInBoth: readonly string[] = [],
) {
  await loadLanguage('bn');
  expect(messageKeys(messages.bn)).toEqual(messageKeys(messages.en));
  for (const key of messageKeys(messages.bn)) {
    const bangla = translate('bn')(key as never);
    expect(bangla.trim(), key).not.toBe('');
    const words = bangla.replace(/{{[^}]*}}/g, '');
    if (/\p{L}/u.test(words) && !sameInBoth.includes(key))
      expect(bangla, key).not.toBe(translate('en')(key as never));
  }
}
