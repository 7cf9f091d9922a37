import { describe, expect, it } from 'vitest';
import { expectCompleteTranslation } from 'web-kit/i18n-testing';
import { bn } from './bn';
import { en } from './en';
import { translate } from './index';

describe('the host’s messages', () => {
  it('has every key in both languages, none empty, and Bangla that is not the English', async () => {
    await expectCompleteTranslation({ en, bn }, translate, ['footer.newsletterPlaceholder']);
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
