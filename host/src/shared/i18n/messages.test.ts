import { describe, expect, it } from 'vitest';
import { messageKeys } from 'web-kit/i18n';
import { bn } from './bn';
import { en } from './en';
import { translate } from './index';

const SAME_IN_BOTH = new Set(['auth.emailPlaceholder', 'footer.newsletterPlaceholder']);

describe('the host’s messages', () => {
  it('has every key in both languages, none empty, and Bangla that is not the English', () => {
    expect(messageKeys(bn)).toEqual(messageKeys(en));
    const english = new Map(messageKeys(en).map((key) => [key, translate('en')(key as never)]));
    for (const key of messageKeys(bn)) {
      const text = translate('bn')(key as never);
      expect(text.trim(), key).not.toBe('');
      // Placeholders, punctuation and an example address read the same in both languages.
      const words = text.replace(/{{[^}]*}}/g, '');
      if (/\p{L}/u.test(words) && !SAME_IN_BOTH.has(key)) expect(text, key).not.toBe(english.get(key));
    }
  });

  it('keeps the spec’s English texts word for word', () => {
    const t = translate('en');
    expect([t('header.logOut'), t('header.login'), t('header.register')]).toEqual([
      'LogOut',
      'Login',
      'Register',
    ]);
    expect(t('header.nav.contactUs')).toBe('Contact Us');
  });
});
