import type { KernelTexts } from './en';

/** Typed with the English keys, so a missing or extra text fails the typecheck. */
export const bn: KernelTexts = {
  roleGate: {
    checking: 'আপনার অনুমতি দেখা হচ্ছে',
    errorTitle: 'আপনার অনুমতি দেখা গেল না',
    errorBody: 'আপনার প্রোফাইল লোড করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    retry: 'আবার চেষ্টা করুন',
    forbiddenTitle: 'এই পাতাটি দেখার অনুমতি আপনার নেই',
    // The plural ending goes on the last name only: "অ্যাডমিন ও বিক্রেতাদের".
    onlyFor: 'এই পাতাটি শুধু {{roles}}দের জন্য।',
    roleNames: { admin: 'অ্যাডমিন', seller: 'বিক্রেতা', buyer: 'ক্রেতা' },
    and: 'ও',
    signedInAs: {
      admin: 'আপনি অ্যাডমিন হিসেবে সাইন ইন করেছেন।',
      seller: 'আপনি বিক্রেতা হিসেবে সাইন ইন করেছেন।',
      buyer: 'আপনি ক্রেতা হিসেবে সাইন ইন করেছেন।',
    },
    noProfile: 'আপনার অ্যাকাউন্টের এখনো কোনো প্রোফাইল নেই।',
    backToDashboard: 'আপনার ড্যাশবোর্ডে ফিরে যান',
    home: 'হোম',
  },
  api: {
    requestFailed: 'অনুরোধটি সফল হয়নি ({{status}})',
    notAList: 'সার্ভারের উত্তরটি পড়া গেল না। একটু পরে আবার চেষ্টা করুন।',
  },
};
