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
  },
  document: {
    title: 'SecondByte — পুরোনো ল্যাপটপের বাজার',
    description: 'SecondByte — পুরোনো ল্যাপটপ কিনুন ও বিক্রি করুন।',
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
    testPayments: 'পরীক্ষামূলক পেমেন্ট: কোনো আসল টাকা লেনদেন হয় না।',
  },
  remote: {
    unavailable: 'SecondByte-এর এই অংশটি এখন পাওয়া যাচ্ছে না',
    text: '{{part}} লোড করা যায়নি। সাইটের বাকি অংশ চলছে; একটু পরে আবার চেষ্টা করুন।',
    retry: 'আবার চেষ্টা করুন',
    parts: { catalog: 'ক্যাটালগ', dashboard: 'ড্যাশবোর্ড', checkout: 'চেকআউট' },
  },
  checkoutOpening: {
    book: 'ল্যাপটপটি বুক করুন',
    pay: 'পেমেন্ট শুরু হচ্ছে',
    close: 'বন্ধ করুন',
  },
  notFound: {
    message: 'দুঃখিত! পাতাটি পাওয়া যায়নি',
    home: 'প্রথম পাতা',
  },
  startup: {
    title: 'SecondByte চালু করা গেল না',
    message: 'সাইটের কনফিগারেশন পাওয়া যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
    reload: 'আবার লোড করুন',
    waiting: 'পাতাটি লোড হচ্ছে, একটু অপেক্ষা করুন…',
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
    newsletterEmail: 'আপনার ই-মেইল ঠিকানা দিন',
    newsletterPlaceholder: 'username@site.com',
    newsletterSend: 'পাঠান',
    newsletterEmailMissing: 'আপনার ই-মেইল ঠিকানা দিন',
    newsletterEmailInvalid: 'একটি সঠিক ই-মেইল ঠিকানা দিন, যেমন name@example.com',
    subscribed: 'ধন্যবাদ! আমাদের নিউজলেটারে আপনার নাম লেখা হয়েছে।',
    notSubscribed: 'আপনার নাম লেখা গেল না। আবার চেষ্টা করুন।',
    copyright: 'কপিরাইট © ২০২২ - সর্বস্বত্ব সংরক্ষিত: SecondByte',
  },
  notifications: {
    title: 'বিজ্ঞপ্তি',
    bell: 'বিজ্ঞপ্তি',
    bellUnread: 'বিজ্ঞপ্তি, {{count}}টি পড়া হয়নি',
    new: 'নতুন:',
    empty: 'এখনও নতুন কিছু নেই। বার্তা, বুকিং আর আপনার সংরক্ষিত ল্যাপটপের খবর এখানে দেখাবে।',
    loadFailed: 'বিজ্ঞপ্তি আনা যায়নি',
    retry: 'আবার চেষ্টা করুন',
  },
  conversations: {
    inbox: 'বার্তা',
    unread: 'বার্তা: {{n, number}}টি পড়া হয়নি',
  },
};
