import type { Translation } from 'web-kit/i18n';
import type { en } from './en';

export const bn: Translation<typeof en> = {
  actions: {
    'listing-approve': 'বিজ্ঞাপন অনুমোদিত',
    'listing-refuse': 'বিজ্ঞাপন ফিরিয়ে দেওয়া হয়েছে',
    'moderation-word-add': 'নজরদারির শব্দ যোগ',
    'moderation-word-remove': 'নজরদারির শব্দ বাদ',
    'verification-approve': 'ডিভাইস যাচাই অনুমোদিত',
    'verification-refuse': 'ডিভাইস যাচাই ফিরিয়ে দেওয়া হয়েছে',
  },
  targets: {
    'moderation-word': 'নজরদারির শব্দ',
    verification: 'ডিভাইস যাচাই',
  },
  fields: {
    reviewState: 'পর্যালোচনা',
    word: 'শব্দ',
  },
  values: {
    pending: 'পর্যালোচনার অপেক্ষায়',
    published: 'সবার জন্য প্রকাশিত',
    refused: 'ফিরিয়ে দেওয়া',
    approved: 'অনুমোদিত',
    conflict: 'সিরিয়াল নিয়ে সমস্যা',
  },
};
