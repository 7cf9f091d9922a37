import { describe, expect, it } from 'vitest';
import { messageKeys } from 'web-kit/i18n';
import { bn } from './bn';
import { en } from './en';
import { translate } from './index';

describe('the dashboard’s messages', () => {
  it('has every key in both languages, none empty, and Bangla that is not the English (words, not placeholders)', () => {
    expect(messageKeys(bn)).toEqual(messageKeys(en));
    const english = new Map(messageKeys(en).map((key) => [key, translate('en')(key as never)]));
    for (const key of messageKeys(bn)) {
      const text = translate('bn')(key as never);
      expect(text.trim(), key).not.toBe('');
      // A message of placeholders and punctuation alone ('{{label}} ({{laptops}})') is the same in both.
      const words = text.replace(/{{[^}]*}}/g, '');
      if (/\p{L}/u.test(words)) expect(text, key).not.toBe(english.get(key));
    }
  });

  it('keeps the spec’s English texts word for word', () => {
    const t = translate('en');
    expect([t('confirmDelete.title'), t('confirmDelete.message'), t('menu.pages.addProducts')]).toEqual([
      'Are You Sure To Delete',
      'If you are delete this you cannot recover',
      'Add a Products',
    ]);
  });
});
