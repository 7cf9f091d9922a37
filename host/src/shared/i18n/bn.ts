import type { Translation } from 'web-kit/i18n';
import type { en } from './en';

// The host's Bangla texts: translations, not transliterations, except where Bangla speakers use
// the English word itself (লগইন, ড্যাশবোর্ড, ব্লগ). Brand names stay as they are.
export const bn: Translation<typeof en> = {
  header: {
    homeLink: 'SecondByte প্রথম পাতা',
    mainNav: 'প্রধান',
    nav: {
      home: 'প্রথম পাতা',
      dashboard: 'ড্যাশবোর্ড',
      categories: 'ক্যাটাগরি',
      blogs: 'ব্লগ',
      aboutUs: 'আমাদের কথা',
      contactUs: 'যোগাযোগ',
    },
    signedIn: 'সাইন ইন করা আছে',
    yourPhoto: 'আপনার ছবি',
    logOut: 'লগ আউট',
    login: 'লগইন',
    register: 'নিবন্ধন',
    openMenu: 'মেনু খুলুন',
    closeMenu: 'মেনু বন্ধ করুন',
    menu: 'মেনু',
    themeToLight: 'হালকা রঙে দেখুন',
    themeToDark: 'গাঢ় রঙে দেখুন',
    switchLanguage: 'সাইটটি বাংলায় দেখুন',
  },
  search: {
    form: 'ল্যাপটপ',
    label: 'ল্যাপটপ খুঁজুন',
    placeholder: 'ল্যাপটপ খুঁজুন, যেমন i5 16gb',
    submit: 'খুঁজুন',
  },
  layout: {
    skipToContent: 'মূল অংশে যান',
    loading: 'লোড হচ্ছে',
    checkingSignIn: 'আপনার সাইন-ইন যাচাই হচ্ছে',
  },
  remote: {
    unavailable: 'SecondByte-এর এই অংশটি এখন পাওয়া যাচ্ছে না',
    text: '{{part}} লোড করা যায়নি। সাইটের বাকি অংশ চলছে; একটু পরে আবার চেষ্টা করুন।',
    retry: 'আবার চেষ্টা করুন',
    parts: { catalog: 'ক্যাটালগ', dashboard: 'ড্যাশবোর্ড', checkout: 'চেকআউট' },
  },
  notFound: {
    message: 'দুঃখিত! পাতাটি পাওয়া যায়নি',
    home: 'প্রথম পাতা',
  },
  startup: {
    title: 'SecondByte চালু করা গেল না',
    message: 'সাইটের কনফিগারেশন পাওয়া যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    reload: 'আবার লোড করুন',
  },
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
  footer: {
    services: 'সেবা',
    servicesLinks: {
      branding: 'ব্র্যান্ডিং',
      design: 'ডিজাইন',
      marketing: 'বিপণন',
      advertisement: 'বিজ্ঞাপন',
    },
    company: 'প্রতিষ্ঠান',
    companyLinks: { aboutUs: 'আমাদের কথা', contact: 'যোগাযোগ', jobs: 'চাকরি', pressKit: 'প্রেস কিট' },
    legal: 'আইনি তথ্য',
    legalLinks: { terms: 'ব্যবহারের শর্তাবলি', privacy: 'গোপনীয়তা নীতি', cookies: 'কুকি নীতি' },
    newsletter: 'নিউজলেটার',
    copyright: 'কপিরাইট © ২০২২ - সর্বস্বত্ব সংরক্ষিত: SecondByte',
  },
};
