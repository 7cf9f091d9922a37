import type { Language } from 'shared-contracts/locale';
import { languageDigits, plainTaka } from 'shared-contracts/plain-numbers';

/**
 * The daily digest of new listings that matched a user's saved searches, in their language
 * (docs/product.md#saved-searches): one line per listing with its price and link, then the
 * one-click unsubscribe link.
 */

interface DigestWords {
  subject: (n: string) => string;
  greeting: (name: string) => string;
  intro: string;
  unsubscribe: string;
}

const WORDS: Record<Language, DigestWords> = {
  en: {
    subject: (n) => `SecondByte: ${n} new laptops for your saved searches`,
    greeting: (name) => `Hello ${name},`,
    intro: 'These laptops were listed since your last digest and match your saved searches:',
    unsubscribe: 'Stop these daily e-mails with one click:',
  },
  bn: {
    subject: (n) => `SecondByte: আপনার সংরক্ষিত খোঁজের সঙ্গে মেলে এমন ${n}টি নতুন ল্যাপটপ`,
    greeting: (name) => `প্রিয় ${name},`,
    intro: 'আপনার আগের ডাইজেস্টের পর এই ল্যাপটপগুলো যোগ হয়েছে এবং আপনার সংরক্ষিত খোঁজের সঙ্গে মেলে:',
    unsubscribe: 'এক ক্লিকে এই দৈনিক ই-মেইল বন্ধ করুন:',
  },
};

export interface DigestListing {
  name: string;
  /** Taka. */
  price: number;
  url: string;
}

export function searchDigestEmail(input: {
  language: Language;
  recipientName: string;
  listings: DigestListing[];
  unsubscribeUrl: string;
}) {
  const { language, listings } = input;
  const words = WORDS[language];
  const taka = (amount: number) => plainTaka(amount, language) ?? languageDigits(String(amount), language);
  const lines = listings.map((l) => `- ${l.name}, ${taka(l.price)}: ${l.url}`).join('\n');
  return {
    subject: words.subject(languageDigits(String(listings.length), language)),
    body: `${words.greeting(input.recipientName)}\n\n${words.intro}\n\n${lines}\n\n${words.unsubscribe} ${input.unsubscribeUrl}\n`,
  };
}
