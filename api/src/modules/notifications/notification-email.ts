import type { Language } from 'shared-contracts/locale';
import type { NotificationKind, NotificationParams } from 'shared-contracts/notifications';
import { groupedWhole, languageDigits, plainTaka } from 'shared-contracts/plain-numbers';

/**
 * A notification's e-mail in the recipient's language (docs/product.md#in-site-notifications): the
 * same sentence the bell shows, with taka and numbers written as the site writes them in that
 * language (Bangla digits in Bangla), and an absolute link to the page the bell opens.
 */

interface Words {
  aLaptop: string;
  someone: string;
  sentence: (kind: NotificationKind, p: Facts) => string;
  greeting: (name: string) => string;
  open: string;
  subject: (sentence: string) => string;
}

/** The facts of a sentence, already written in the language. */
interface Facts {
  who: string;
  laptop: string;
  price: string | undefined;
  rating: string | undefined;
  reason: string | undefined;
}

const english: Words = {
  aLaptop: 'your laptop',
  someone: 'Someone',
  greeting: (name) => `Hello ${name},`,
  open: 'Open it on SecondByte:',
  subject: (sentence) => `SecondByte: ${sentence}`,
  sentence(kind, { who, laptop, price, rating, reason }) {
    switch (kind) {
      case 'message':
        return `${who} sent you a message about ${laptop}`;
      case 'booking-requested':
        return `${who} asked to book ${laptop}`;
      case 'booking-accepted':
        return `Your booking of ${laptop} was accepted`;
      case 'booking-declined':
        return `Your booking of ${laptop} was declined`;
      case 'booking-expired':
        return `The booking of ${laptop} expired without an answer`;
      case 'booking-cancelled':
        return `The booking of ${laptop} was cancelled`;
      case 'booking-completed':
        return `The handover of ${laptop} is done`;
      case 'payment-received':
        return `${who} paid ${price === undefined ? '' : `${price} `}for ${laptop}`;
      case 'order-handed-over':
        return `${who} marked ${laptop} as handed over: confirm receipt or report a problem`;
      case 'order-released':
        return `${price ?? 'The payment'} for ${laptop} was released to the seller`;
      case 'order-refunded':
        return `${price ?? 'The payment'} for ${laptop} is being refunded`;
      case 'order-disputed':
        return `${who} reported a problem with ${laptop}`;
      case 'dispute-resolved':
        return `The dispute about ${laptop} was resolved`;
      case 'review-received':
        return `${who} reviewed you${rating ? ` (${rating} of 5)` : ''}`;
      case 'review-answered':
        return `${who} answered your review`;
      case 'saved-price-drop':
        return `${laptop} you saved is now ${price ?? 'cheaper'}`;
      case 'saved-sold':
        return `${laptop} you saved has been sold`;
      case 'saved-search-match':
        return `New for your saved search: ${laptop}${price === undefined ? '' : ` at ${price}`}`;
      case 'payout-paid':
        return `Your payout${price === undefined ? '' : ` of ${price}`} has been sent`;
      case 'payout-failed':
        return `Your payout${price === undefined ? '' : ` of ${price}`} could not be sent; the money is back in your balance`;
      case 'offer-made':
        return `${who} offered ${price ?? 'a price'} for ${laptop}`;
      case 'offer-countered':
        return `${who} answered your offer for ${laptop} with ${price ?? 'a counter-offer'}`;
      case 'offer-accepted':
        return `${who} accepted ${price ?? 'the price'} for ${laptop}`;
      case 'offer-declined':
        return `${who} declined the offer for ${laptop}`;
      case 'offer-expired':
        return `The offer for ${laptop} expired without an answer`;
      case 'offer-closed':
        return `${laptop} was sold to someone else, so your offer is closed`;
      case 'offer-withdrawn':
        return `${laptop} was removed by its seller, so your offer is closed`;
      case 'verification-approved':
        return `${laptop} is now a verified device`;
      case 'verification-refused':
        return `The device verification of ${laptop} was refused${reason ? `: ${reason}` : ''}`;
      case 'listing-approved':
        return `${laptop} was approved and is now public`;
      case 'listing-refused':
        return `${laptop} was not approved: the reason is in My Products`;
    }
  },
};

const bangla: Words = {
  aLaptop: 'আপনার ল্যাপটপ',
  someone: 'কেউ একজন',
  greeting: (name) => `প্রিয় ${name},`,
  open: 'SecondByte-এ খুলুন:',
  subject: (sentence) => `SecondByte: ${sentence}`,
  sentence(kind, { who, laptop, price, rating, reason }) {
    switch (kind) {
      case 'message':
        return `${who} ${laptop} নিয়ে আপনাকে বার্তা পাঠিয়েছেন`;
      case 'booking-requested':
        return `${who} ${laptop} বুক করতে চেয়েছেন`;
      case 'booking-accepted':
        return `${laptop}-এর বুকিং গ্রহণ করা হয়েছে`;
      case 'booking-declined':
        return `${laptop}-এর বুকিং ফিরিয়ে দেওয়া হয়েছে`;
      case 'booking-expired':
        return `উত্তর না পাওয়ায় ${laptop}-এর বুকিংয়ের মেয়াদ শেষ হয়েছে`;
      case 'booking-cancelled':
        return `${laptop}-এর বুকিং বাতিল হয়েছে`;
      case 'booking-completed':
        return `${laptop} হস্তান্তর সম্পন্ন হয়েছে`;
      case 'payment-received':
        return `${who} ${laptop}-এর জন্য ${price === undefined ? '' : `${price} `}পরিশোধ করেছেন`;
      case 'order-handed-over':
        return `${who} ${laptop} হস্তান্তর হয়েছে বলে জানিয়েছেন: প্রাপ্তি নিশ্চিত করুন বা সমস্যা জানান`;
      case 'order-released':
        return `${laptop}-এর ${price ?? 'পেমেন্ট'} বিক্রেতাকে ছেড়ে দেওয়া হয়েছে`;
      case 'order-refunded':
        return `${laptop}-এর ${price ?? 'পেমেন্ট'} ফেরত দেওয়া হচ্ছে`;
      case 'order-disputed':
        return `${who} ${laptop} নিয়ে সমস্যা জানিয়েছেন`;
      case 'dispute-resolved':
        return `${laptop} নিয়ে অভিযোগের নিষ্পত্তি হয়েছে`;
      case 'review-received':
        return `${who} আপনাকে রিভিউ দিয়েছেন${rating ? `: ৫-এর মধ্যে ${rating}` : ''}`;
      case 'review-answered':
        return `${who} আপনার রিভিউয়ের উত্তর দিয়েছেন`;
      case 'saved-price-drop':
        return price === undefined
          ? `আপনার সংরক্ষিত ${laptop}-এর দাম কমেছে`
          : `আপনার সংরক্ষিত ${laptop}-এর দাম এখন ${price}`;
      case 'saved-sold':
        return `আপনার সংরক্ষিত ${laptop} বিক্রি হয়ে গেছে`;
      case 'saved-search-match':
        return `আপনার সংরক্ষিত খোঁজের সঙ্গে মেলে এমন নতুন ল্যাপটপ: ${laptop}${price === undefined ? '' : `, দাম ${price}`}`;
      case 'payout-paid':
        return `আপনার ${price === undefined ? '' : `${price} `}পেআউট পাঠানো হয়েছে`;
      case 'payout-failed':
        return `আপনার ${price === undefined ? '' : `${price} `}পেআউট পাঠানো যায়নি; টাকা আবার আপনার ব্যালেন্সে ফিরে এসেছে`;
      case 'offer-made':
        return `${who} ${laptop}-এর জন্য ${price ?? 'একটি দাম'} প্রস্তাব করেছেন`;
      case 'offer-countered':
        return `${who} ${laptop}-এর জন্য আপনার প্রস্তাবের উত্তরে ${price ?? 'পাল্টা দাম'} চেয়েছেন`;
      case 'offer-accepted':
        return `${who} ${laptop}-এর জন্য ${price ?? 'দামটি'} মেনে নিয়েছেন`;
      case 'offer-declined':
        return `${who} ${laptop}-এর দামের প্রস্তাব ফিরিয়ে দিয়েছেন`;
      case 'offer-expired':
        return `উত্তর না পাওয়ায় ${laptop}-এর দামের প্রস্তাবের মেয়াদ শেষ হয়েছে`;
      case 'offer-closed':
        return `${laptop} অন্য কারও কাছে বিক্রি হয়েছে, তাই আপনার প্রস্তাবটি বন্ধ হয়েছে`;
      case 'offer-withdrawn':
        return `বিক্রেতা ${laptop} সরিয়ে নিয়েছেন, তাই আপনার প্রস্তাবটি বন্ধ হয়েছে`;
      case 'verification-approved':
        return `${laptop} এখন একটি যাচাই করা ডিভাইস`;
      case 'verification-refused':
        return `${laptop}-এর ডিভাইস যাচাই ফিরিয়ে দেওয়া হয়েছে${reason ? `: ${reason}` : ''}`;
      case 'listing-approved':
        return `${laptop} অনুমোদিত হয়েছে এবং এখন সবাই দেখতে পাচ্ছেন`;
      case 'listing-refused':
        return `${laptop} অনুমোদন পায়নি: কারণটি আমার পণ্য পাতায় দেখুন`;
    }
  },
};

const WORDS: Record<Language, Words> = { en: english, bn: bangla };

/** Taka as the language writes it; an amount the plain writer refuses keeps its digits. */
const taka = (amount: number, language: Language) =>
  plainTaka(amount, language) ?? languageDigits(String(amount), language);

export interface NotificationEmailInput {
  kind: NotificationKind;
  params: NotificationParams;
  language: Language;
  recipientName: string;
  /** The absolute address of the page the notification opens. */
  url: string;
}

/** The subject and plain-text body of a notification's e-mail. */
export function notificationEmail({ kind, params, language, recipientName, url }: NotificationEmailInput) {
  const words = WORDS[language];
  const sentence = words.sentence(kind, {
    who: params.actorName ?? words.someone,
    laptop: params.productName ?? words.aLaptop,
    price: params.price === undefined ? undefined : taka(params.price, language),
    rating: params.rating === undefined ? undefined : groupedWhole(params.rating, language),
    reason: params.reason,
  });
  // Bangla ends a sentence with the dari (।), English with a full stop.
  return {
    subject: words.subject(sentence),
    body: `${words.greeting(recipientName)}\n\n${sentence}${language === 'bn' ? '।' : '.'}\n\n${words.open} ${url}\n`,
  };
}
