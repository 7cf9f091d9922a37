import type { Translation } from 'web-kit/i18n';
import type { en } from './en';

export const bn: Translation<typeof en> = {
  blogs: {
    title: 'ব্লগ',
    intro: 'ওয়েব নিয়ে মানুষের প্রশ্ন, আর তার উত্তর।',
    loading: 'ব্লগ লোড হচ্ছে',
    failed: 'ব্লগগুলো লোড করা গেল না',
    checkConnection: 'ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    tryAgain: 'আবার চেষ্টা করুন',
    emptyTitle: 'এখনও কোনো লেখা নেই',
    emptyText: 'আমরা এখনও কোনো প্রশ্নোত্তর প্রকাশ করিনি। কিছুদিন পর আবার দেখুন।',
  },
  blogCard: {
    number: 'প্রশ্ন {{number, number}}',
  },
};
