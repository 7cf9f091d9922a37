import type { Translation } from 'web-kit/i18n';
import type { en } from './en';

export const bn: Translation<typeof en> = {
  conversations: {
    dialogTitle: 'বিক্রেতাকে প্রশ্ন করুন',
    intro: '{{name}} নিয়ে আপনার প্রশ্ন {{seller}}-এর কাছে যাবে। উত্তর আসবে আপনার বার্তায়।',
    question: 'আপনার প্রশ্ন',
    placeholder: 'যেমন: ব্যাটারিটি কি আসল?',
    questionMissing: 'আগে আপনার প্রশ্নটি লিখুন',
    counter: '{{max}} অক্ষরের মধ্যে {{n}}',
    notSent: 'আপনার প্রশ্নটি পাঠানো যায়নি',
    cancel: 'বাতিল',
    send: 'প্রশ্ন পাঠান',
  },
};
