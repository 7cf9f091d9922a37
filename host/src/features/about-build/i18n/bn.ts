import type { Translation } from 'web-kit/i18n';
import type { en } from './en';

export const bn: Translation<typeof en> = {
  aboutBuild: {
    title: 'এই বিল্ড সম্পর্কে',
    intro: 'হোস্ট আর SecondByte-এর প্রতিটি অংশ আলাদাভাবে প্রকাশ করা হয়। এখন কোনটি চালু আছে, এই পাতা তা দেখায়।',
    checkAgain: 'আবার দেখুন',
    host: 'হোস্ট',
    providesContract: 'যে চুক্তি দেয়',
    needsContract: 'যে চুক্তি লাগে',
    loading: 'বিল্ডের তথ্য লোড হচ্ছে',
    failed: 'এখন কী চালু আছে, তা পড়া গেল না',
    remotesFailed: '/remotes.json লোড করা গেল না ({{status}})',
    noAnswer: 'হোস্টের সার্ভার থেকে পড়ার মতো কোনো উত্তর আসেনি। সংযোগ দেখে আবার চেষ্টা করুন।',
    parts: { catalog: 'ক্যাটালগ', dashboard: 'ড্যাশবোর্ড', checkout: 'চেকআউট' },
    release: 'প্রকাশিত সংস্করণ',
    development: 'ডেভেলপমেন্ট বিল্ড',
    compatible: 'মানানসই',
    refused: 'প্রত্যাখ্যাত',
    noInfo: 'বিল্ডের কোনো তথ্য নেই',
    errors: {
      unreachable: 'পৌঁছানো যায়নি',
      http: 'HTTP ত্রুটি {{status}}',
      noRecord: 'ম্যানিফেস্টে বিল্ডের কোনো তথ্য নেই',
      unknown: 'অজানা ত্রুটি',
    },
    notLoaded: 'এই হোস্ট এটি লোড করে না',
    missingExports:
      'এটি শেয়ার করা লাইব্রেরির {{exports}} ব্যবহার করে, যা ছাড়াই এই হোস্ট তৈরি হয়েছে; তাই দর্শকেরা এর জায়গায় “পাওয়া যাচ্ছে না” নোটিশ দেখেন। একটি মানানসই সংস্করণ চালু করুন, অথবা এটিকে আগের সংস্করণে ফিরিয়ে নিন।',
    otherContract:
      'এর দরকার হোস্ট চুক্তি {{needed}}, কিন্তু এই হোস্ট দেয় {{provided}}; তাই দর্শকেরা এর জায়গায় “পাওয়া যাচ্ছে না” নোটিশ দেখেন। একটি মানানসই সংস্করণ চালু করুন, অথবা এটিকে আগের সংস্করণে ফিরিয়ে নিন।',
    loadingRunning: 'চালু সংস্করণটি লোড হচ্ছে',
    runningFailed: 'এই ট্যাবটি নিজের কোড লোড করতে পারেনি।',
    runs: 'এই ট্যাবে {{version}} চলছে।',
    runsLabelled: 'এই ট্যাবে {{version}} ({{label}}) চলছে।',
    differentLive: 'অন্য একটি সংস্করণ চালু আছে',
    stillRuns: 'এই ট্যাবে এখনও {{version}} চলছে। চালু সংস্করণটি পেতে পাতাটি আবার লোড করুন।',
    stillRunsLabelled: 'এই ট্যাবে এখনও {{version}} ({{label}}) চলছে। চালু সংস্করণটি পেতে পাতাটি আবার লোড করুন।',
    details: {
      version: 'সংস্করণ',
      label: 'নাম',
      none: 'নেই',
      built: 'তৈরি',
      manifest: 'ম্যানিফেস্ট',
      unknown: 'অজানা',
    },
  },
};
