import type { Translation } from 'web-kit/i18n';
import type { en } from './en';

export const bn: Translation<typeof en> = {
  userBlocks: {
    column: 'ব্লক',
    open: 'ব্লক',
    openFor: '{{name}}-এর ব্লক',
    title: '{{name}}-এর ব্লক',
    given: '{{name}} যাঁদের ব্লক করেছেন',
    received: 'যাঁরা {{name}}-কে ব্লক করেছেন',
    none: 'কেউ নেই',
    since: '{{date}} থেকে',
    conversation: 'কথোপকথনটি খুলুন',
    loading: 'ব্লকগুলো লোড হচ্ছে',
    loadFailed: 'ব্লকগুলো লোড করা যায়নি',
    tryAgain: 'আবার চেষ্টা করুন',
  },
};
