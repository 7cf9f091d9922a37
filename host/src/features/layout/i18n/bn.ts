import type { Translation } from 'web-kit/i18n';
import type { en } from './en';

export const bn: Translation<typeof en> = {
  notifications: {
    aLaptop: 'একটি ল্যাপটপ',
    someone: 'কেউ একজন',
    kinds: {
      message: '{{who}} {{laptop}} নিয়ে আপনাকে বার্তা পাঠিয়েছেন',
      'booking-requested': '{{who}} {{laptop}} বুক করতে চেয়েছেন',
      'booking-accepted': '{{laptop}}-এর বুকিং গ্রহণ করা হয়েছে',
      'booking-declined': '{{laptop}}-এর বুকিং ফিরিয়ে দেওয়া হয়েছে',
      'booking-expired': 'উত্তর না পাওয়ায় {{laptop}}-এর বুকিংয়ের মেয়াদ শেষ হয়েছে',
      'booking-cancelled': '{{laptop}}-এর বুকিং বাতিল হয়েছে',
      'booking-completed': '{{laptop}} হস্তান্তর সম্পন্ন হয়েছে',
      'payment-received': '{{who}} {{laptop}}-এর জন্য {{price}} পরিশোধ করেছেন',
      'payout-paid': 'আপনার {{price}} পেআউট পাঠানো হয়েছে',
      'payout-failed': 'আপনার {{price}} পেআউট পাঠানো যায়নি; টাকা আবার আপনার ব্যালেন্সে ফিরে এসেছে',
      'offer-made': '{{who}} {{laptop}}-এর জন্য {{price}} প্রস্তাব করেছেন',
      'offer-countered': '{{who}} {{laptop}}-এর জন্য আপনার প্রস্তাবের উত্তরে {{price}} চেয়েছেন',
      'offer-accepted': '{{who}} {{laptop}}-এর জন্য {{price}} মেনে নিয়েছেন',
      'offer-declined': '{{who}} {{laptop}}-এর দামের প্রস্তাব ফিরিয়ে দিয়েছেন',
      'offer-expired': 'উত্তর না পাওয়ায় {{laptop}}-এর দামের প্রস্তাবের মেয়াদ শেষ হয়েছে',
      'offer-closed': '{{laptop}} অন্য কারও কাছে বিক্রি হয়েছে, তাই আপনার প্রস্তাবটি বন্ধ হয়েছে',
      'offer-withdrawn': 'বিক্রেতা {{laptop}} সরিয়ে নিয়েছেন, তাই আপনার প্রস্তাবটি বন্ধ হয়েছে',
      'order-handed-over': '{{who}} {{laptop}} হস্তান্তর হয়েছে বলে জানিয়েছেন: প্রাপ্তি নিশ্চিত করুন বা সমস্যা জানান',
      'order-released': '{{laptop}}-এর {{price}} বিক্রেতাকে ছেড়ে দেওয়া হয়েছে',
      'order-refunded': '{{laptop}}-এর {{price}} ফেরত দেওয়া হচ্ছে',
      'order-disputed': '{{who}} {{laptop}} নিয়ে সমস্যা জানিয়েছেন',
      'dispute-resolved': '{{laptop}} নিয়ে অভিযোগের নিষ্পত্তি হয়েছে',
      'review-received': '{{who}} আপনাকে রিভিউ দিয়েছেন: ৫-এর মধ্যে {{rating}}',
      'review-answered': '{{who}} আপনার রিভিউয়ের উত্তর দিয়েছেন',
      'saved-price-drop': 'আপনার সংরক্ষিত {{laptop}}-এর দাম এখন {{price}}',
      'saved-sold': 'আপনার সংরক্ষিত {{laptop}} বিক্রি হয়ে গেছে',
      'saved-search-match': 'আপনার সংরক্ষিত খোঁজের সঙ্গে মেলে এমন নতুন ল্যাপটপ: {{laptop}}, দাম {{price}}',
    },
  },
};
