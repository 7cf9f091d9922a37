import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage, useAuthStore } from 'runtime-kernel';
import type { Notification } from 'shared-contracts/notifications';
import { translate } from '../i18n';
import { notificationSentence } from './NotificationItems';

const notice = (kind: Notification['kind']): Notification => ({
  _id: '1',
  kind,
  params: { productName: 'ThinkPad T14', actorName: 'Sami', price: 41550.5 },
  link: '/dashboard/my-orders',
  createdAt: '2026-03-01T10:00:00.000Z',
  read: false,
});

describe('the bell’s words for a paid order’s money (docs/product.md#money)', () => {
  afterEach(() => useAuthStore.getState().setLanguage('en'));

  it('says each step in English', () => {
    const t = translate('en');
    const say = (kind: Notification['kind']) => notificationSentence(t, notice(kind));
    expect(say('order-handed-over')).toBe(
      'Sami marked ThinkPad T14 as handed over: confirm receipt or report a problem',
    );
    expect(say('order-released')).toBe('৳41,550.50 for ThinkPad T14 was released to the seller');
    expect(say('order-refunded')).toBe('৳41,550.50 for ThinkPad T14 is being refunded');
    expect(say('order-disputed')).toBe('Sami reported a problem with ThinkPad T14');
    expect(say('dispute-resolved')).toBe('The dispute about ThinkPad T14 was resolved');
  });

  it('says them in Bangla, the amount in Bangla digits', async () => {
    // Prices follow the page's language, as the bell's do.
    useAuthStore.getState().setLanguage('bn');
    await loadLanguage('bn');
    const t = translate('bn');
    expect(notificationSentence(t, notice('order-refunded'))).toBe(
      'ThinkPad T14-এর ৳৪১,৫৫০.৫০ ফেরত দেওয়া হচ্ছে',
    );
    expect(notificationSentence(t, notice('order-disputed'))).toBe('Sami ThinkPad T14 নিয়ে সমস্যা জানিয়েছেন');
  });
});
