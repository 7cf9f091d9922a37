import { describe, expect, it } from 'vitest';
import { expectCompleteTranslation } from 'web-kit/i18n-testing';
import { bn } from './bn';
import { en } from './en';
import { translate } from './index';

describe('the checkout’s messages', () => {
  it('has every key in both languages, none empty, and Bangla that is not the English', async () => {
    await expectCompleteTranslation({ en, bn }, translate);
  });

  it('keeps the spec’s English texts word for word', () => {
    const t = translate('en');
    expect([t('booking.booked'), t('common.goToHome'), t('payment.failedTitle')]).toEqual([
      'Booked successfully',
      'Go To Home',
      'Something went wrong',
    ]);
  });
});
