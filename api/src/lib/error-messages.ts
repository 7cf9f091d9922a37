import {
  BookingEvents,
  BookingStates,
  bookingTransition,
  type BookingEvent,
  type BookingState,
} from 'shared-contracts/booking-lifecycle';
import {
  FundsStates,
  OrderEvents,
  orderTransition,
  type FundsState,
  type OrderEvent,
} from 'shared-contracts/order-lifecycle';
import { LANGUAGE_LOCALES, parseAcceptLanguage, pickLanguage, type Language } from 'shared-contracts/locale';

/**
 * The API's refusals in Bangla (docs/product.md#languages-and-money). English stays the message
 * each route wrote (the product's quoted texts word for word); a request whose Accept-Language prefers
 * Bangla — the web's API client sends the page's language — gets these instead. Keyed by the
 * exact English sentence where one code has several, else by code; `{name}` is filled from the
 * error's params. Messages meant for developers (a malformed callback, a cursor this API never
 * handed out) are translated by their code, without the technical detail.
 */
const BANGLA_BY_MESSAGE: Record<string, string> = {
  'You cannot start a conversation about your own listing': 'নিজের বিজ্ঞাপন নিয়ে কথোপকথন শুরু করা যায় না',
  'You cannot save your own listing': 'নিজের বিজ্ঞাপন সংরক্ষণ করা যায় না',
  'You cannot make an offer on your own listing': 'নিজের বিজ্ঞাপনে দামের প্রস্তাব দেওয়া যায় না',
  'This product has already been sold': 'এই ল্যাপটপটি আগেই বিক্রি হয়ে গেছে',
  'This laptop has been sold: a new conversation cannot start':
    'ল্যাপটপটি বিক্রি হয়ে গেছে: এটি নিয়ে নতুন কথোপকথন শুরু করা যায় না',
  'The price of a sold laptop cannot change': 'বিক্রি হয়ে যাওয়া ল্যাপটপের দাম বদলানো যায় না',
  'A sold product cannot be advertised': 'বিক্রি হয়ে যাওয়া ল্যাপটপের বিজ্ঞাপন দেওয়া যায় না',
  'You can only advertise your own products': 'আপনি শুধু নিজের ল্যাপটপের বিজ্ঞাপন দিতে পারেন',
  'You can only read your own bookings': 'আপনি শুধু নিজের বুকিং দেখতে পারেন',
  'This is not your payment': 'এই পেমেন্টটি আপনার নয়',
  'You can only list your own products': 'আপনি শুধু নিজের ল্যাপটপের তালিকা দেখতে পারেন',
  'You can only read your own profile': 'আপনি শুধু নিজের প্রোফাইল দেখতে পারেন',
  'You are no longer an admin': 'আপনি আর অ্যাডমিন নন',
  'This product belongs to another seller': 'এই ল্যাপটপটি অন্য একজন বিক্রেতার',
  'The e-mail must be the one you are signed in with': 'যে ই-মেইলে সাইন ইন করেছেন, সেটিই দিতে হবে',
  'A token is only issued for the e-mail you are signed in with':
    'যে ই-মেইলে সাইন ইন করেছেন, শুধু তার জন্যই টোকেন দেওয়া হয়',
  'Verify your e-mail address to claim this account': 'এই অ্যাকাউন্টটি নিতে আগে আপনার ই-মেইল ঠিকানা যাচাই করুন',
  'This e-mail belongs to another account': 'এই ই-মেইলটি অন্য একটি অ্যাকাউন্টের',
  'Only JPEG, PNG and WebP images are accepted': 'শুধু JPEG, PNG ও WebP ছবি নেওয়া হয়',
  'The multipart field image is missing': 'কোনো ছবি পাঠানো হয়নি',
  'The multipart field photo is missing': 'কোনো ছবি পাঠানো হয়নি',
  'The payment was made in another currency': 'পেমেন্টটি অন্য মুদ্রায় করা হয়েছে',
  'The cursor belongs to another sort order; start again from the first page':
    'সাজানোর ক্রম বদলে গেছে; প্রথম পাতা থেকে আবার শুরু করুন',
};

/**
 * The booking lifecycle's refusals (shared-contracts/booking-lifecycle.ts words them from the
 * state and the move): each English sentence it can say, with its Bangla, built from the same table.
 */
const BOOKING_STATE_BN: Record<BookingState, string> = {
  requested: 'এখনো বিক্রেতার উত্তরের অপেক্ষায়',
  accepted: 'আগেই গ্রহণ করা হয়েছে',
  declined: 'প্রত্যাখ্যান করা হয়েছে',
  expired: 'মেয়াদ পেরিয়ে গেছে',
  cancelled: 'বাতিল করা হয়েছে',
  completed: 'আগেই সম্পন্ন হয়েছে',
  paid: 'আগেই পরিশোধ করা হয়েছে',
};
const BOOKING_EVENT_BN: Record<BookingEvent, string> = {
  accept: 'গ্রহণ করা',
  decline: 'প্রত্যাখ্যান করা',
  cancel: 'বাতিল করা',
  complete: 'হস্তান্তর সম্পন্ন বলে চিহ্নিত করা',
  expire: 'মেয়াদোত্তীর্ণ করা',
  'payment-confirmed': 'পরিশোধ করা',
  'listing-sold': 'বন্ধ করা',
  'payment-refunded': 'ফেরত দেওয়া',
};
const BOOKING_SIDE_BN: Record<string, string> = {
  seller: 'বিক্রেতা',
  buyer: 'ক্রেতা',
  'buyer or seller': 'ক্রেতা বা বিক্রেতা',
  site: 'সাইট',
  operator: 'অপারেটর',
};
function bookingLifecycleBangla(): Record<string, string> {
  const sentences: Record<string, string> = {};
  for (const state of BookingStates)
    for (const event of BookingEvents)
      for (const actor of ['buyer', 'seller', 'system'] as const) {
        const verdict = bookingTransition(state, event, actor);
        if (verdict.ok) continue;
        if (verdict.reason === 'wrong-state') {
          sentences[verdict.message] =
            `এই বুকিংটি ${BOOKING_STATE_BN[state]}, তাই এটি আর ${BOOKING_EVENT_BN[event]} যায় না`;
        } else {
          const side = verdict.message.replace(/^Only the /, '').replace(/ can do that$/, '');
          sentences[verdict.message] = `এটি শুধু ${BOOKING_SIDE_BN[side] ?? side} করতে পারেন`;
        }
      }
  sentences['Only the buyer or the seller of this booking can change it'] =
    'শুধু এই বুকিংয়ের ক্রেতা বা বিক্রেতা এটি বদলাতে পারেন';
  sentences['This booking changed meanwhile; reload and try again'] =
    'এর মধ্যে বুকিংটি বদলে গেছে; পাতাটি আবার লোড করে চেষ্টা করুন';
  sentences['This listing has been withdrawn, so the booking cannot be accepted'] =
    'ল্যাপটপটির বিজ্ঞাপন সরিয়ে নেওয়া হয়েছে, তাই বুকিংটি গ্রহণ করা যায় না';
  return sentences;
}
Object.assign(BANGLA_BY_MESSAGE, bookingLifecycleBangla());

/** The order lifecycle's refusals (shared-contracts/order-lifecycle.ts), built from its table the same way. */
const FUNDS_STATE_BN: Record<FundsState, string> = {
  held: 'হস্তান্তরের অপেক্ষায়',
  'handed-over': 'আগেই হস্তান্তর করা হয়েছে',
  disputed: 'নিয়ে অভিযোগ চলছে',
  released: 'এর টাকা আগেই বিক্রেতাকে দেওয়া হয়েছে',
  refunded: 'এর টাকা আগেই ফেরত দেওয়া হয়েছে',
  'part-refunded': 'আগেই নিষ্পত্তি হয়েছে',
};
const ORDER_EVENT_BN: Record<OrderEvent, string> = {
  'hand-over': 'হস্তান্তর হয়েছে বলে চিহ্নিত করা',
  confirm: 'নিশ্চিত করা',
  cancel: 'বাতিল করা',
  dispute: 'নিয়ে অভিযোগ করা',
  'auto-release': 'ছেড়ে দেওয়া',
  'handover-overdue': 'ফেরত দেওয়া',
  'resolve-release': 'ছেড়ে দেওয়া',
  'resolve-refund': 'ফেরত দেওয়া',
  'resolve-part': 'নিষ্পত্তি করা',
};
function orderLifecycleBangla(): Record<string, string> {
  const sentences: Record<string, string> = {};
  for (const state of FundsStates)
    for (const event of OrderEvents)
      for (const actor of ['buyer', 'seller', 'operator', 'system'] as const) {
        const verdict = orderTransition(state, event, actor);
        if (verdict.ok) continue;
        if (verdict.reason === 'wrong-state') {
          sentences[verdict.message] =
            `এই অর্ডারটি ${FUNDS_STATE_BN[state]}, তাই এটি আর ${ORDER_EVENT_BN[event]} যায় না`;
        } else {
          const side = verdict.message.replace(/^Only the /, '').replace(/ can do that$/, '');
          sentences[verdict.message] = `এটি শুধু ${BOOKING_SIDE_BN[side] ?? side} করতে পারেন`;
        }
      }
  sentences['This order changed meanwhile; reload and try again'] =
    'এর মধ্যে অর্ডারটি বদলে গেছে; পাতাটি আবার লোড করে চেষ্টা করুন';
  return sentences;
}
Object.assign(BANGLA_BY_MESSAGE, orderLifecycleBangla());

const BANGLA_BY_CODE: Record<string, string> = {
  validation_error: 'অনুরোধের কিছু তথ্য ঠিক নেই। দেখে নিয়ে আবার চেষ্টা করুন।',
  bad_request: 'অনুরোধটি বোঝা যায়নি। দেখে নিয়ে আবার চেষ্টা করুন।',
  unauthorized: 'আগে সাইন ইন করুন',
  invalid_token: 'আপনার সাইন-ইনের মেয়াদ শেষ হয়েছে। আবার সাইন ইন করুন।',
  email_not_verified: 'আগে আপনার ই-মেইল ঠিকানা যাচাই করুন',
  forbidden: 'আপনার এটি করার অনুমতি নেই',
  not_found: 'যা খুঁজছেন তা পাওয়া যায়নি',
  product_not_found: 'ল্যাপটপটি পাওয়া যায়নি; হয়তো এটি সরিয়ে ফেলা হয়েছে',
  category_not_found: 'এই ব্র্যান্ডটি পাওয়া যায়নি',
  user_not_found: 'এই ব্যবহারকারীকে পাওয়া যায়নি',
  report_not_found: 'এই রিপোর্টটি পাওয়া যায়নি',
  conversation_not_found: 'এই কথোপকথনটি পাওয়া যায়নি',
  own_listing: 'এটি আপনার নিজের বিজ্ঞাপন',
  not_a_participant: 'শুধু ক্রেতা ও বিক্রেতাই এই কথোপকথনে লিখতে পারেন',
  already_reported_conversation: 'আপনি এই কথোপকথনটি আগেই রিপোর্ট করেছেন',
  payment_not_found: 'এই পেমেন্টটি পাওয়া যায়নি',
  image_not_found: 'ছবিটি পাওয়া যায়নি',
  conflict: 'এটি এখন করা যাচ্ছে না, কারণ তথ্য বদলে গেছে। পাতাটি আবার লোড করুন।',
  already_booked: 'আপনি এই ল্যাপটপটি আগেই বুক করেছেন',
  booking_not_found: 'এই বুকিংটি পাওয়া যায়নি',
  not_booking_participant: 'শুধু এই বুকিংয়ের ক্রেতা বা বিক্রেতা এটি বদলাতে পারেন',
  booking_wrong_side: 'এই কাজটি বুকিংয়ের অন্য পক্ষের',
  booking_state: 'বুকিংটির এখনকার অবস্থায় এটি করা যায় না। পাতাটি আবার লোড করুন।',
  listing_withdrawn: 'ল্যাপটপটির বিজ্ঞাপন সরিয়ে নেওয়া হয়েছে, তাই বুকিংটি গ্রহণ করা যায় না',
  saved_limit: 'সর্বোচ্চ {max}টি ল্যাপটপ সংরক্ষণ করা যায়; আগে কয়েকটি সরিয়ে দিন',
  saved_search_limit: 'সর্বোচ্চ {max}টি খোঁজ সংরক্ষণ করা যায়; আগে একটি মুছে দিন',
  saved_search_not_found: 'এই সংরক্ষিত খোঁজটি পাওয়া যায়নি',
  empty_saved_search:
    'সংরক্ষণের জন্য খোঁজে অন্তত কিছু শব্দ বা একটি ফিল্টার থাকতে হবে, নইলে প্রতিটি নতুন ল্যাপটপই মিলে যাবে',
  invalid_unsubscribe_token: 'আনসাবস্ক্রাইব লিংকটি সঠিক নয়; ই-মেইল থেকে আবার খুলুন',
  already_reported: 'আপনি এই ল্যাপটপটি আগেই রিপোর্ট করেছেন',
  already_processed: 'এই পেমেন্টটি আগেই নিষ্পত্তি হয়েছে',
  report_resolved: 'এই রিপোর্টটি আগেই নিষ্পত্তি হয়েছে',
  product_sold: 'এই ল্যাপটপটি আগেই বিক্রি হয়ে গেছে',
  account_deleted: 'এই অ্যাকাউন্টটি মুছে ফেলা হয়েছে',
  email_required: 'আপনার অ্যাকাউন্টে কোনো ই-মেইল ঠিকানা নেই',
  email_taken: 'এই ই-মেইলটি অন্য একটি অ্যাকাউন্টের',
  moderation_word_taken: '“{word}” আগে থেকেই মডারেশন শব্দ তালিকায় আছে',
  moderation_word_not_found: 'তালিকায় এই শব্দটি নেই',
  profile_required: 'আগে আপনার প্রোফাইল তৈরি করুন',
  last_admin: '{email} শেষ অ্যাডমিন: আগে আরেকজনকে অ্যাডমিন করুন, যাতে সাইটে সবসময় একজন থাকে।',
  invalid_cursor: 'তালিকার এই পাতাটি আর নেই; প্রথম পাতা থেকে আবার শুরু করুন',
  invalid_image: 'ছবিটি পড়া যায়নি; অন্য একটি ছবি দিন',
  invalid_page_token: 'এই পেমেন্ট ফর্মটি বৈধ নয়',
  invalid_payment: 'পেমেন্টটি নিশ্চিত করা যায়নি',
  invalid_signature: 'পেমেন্টের ফিরতি বার্তাটি যাচাই করা যায়নি',
  amount_mismatch: 'টাকার পরিমাণ পেমেন্টের সঙ্গে মেলে না',
  callback_expired: 'পেমেন্টের ফিরতি বার্তার মেয়াদ শেষ হয়ে গেছে',
  payment_not_final: 'এই পেমেন্টের চূড়ান্ত ফল এখনো আসেনি',
  payment_on_hold: 'এই পেমেন্টটি যাচাইয়ের জন্য আটকে রাখা হয়েছে',
  gateway_error: 'পেমেন্ট সেবার সঙ্গে যোগাযোগ করা যায়নি। একটু পরে আবার চেষ্টা করুন।',
  payload_too_large: 'পাঠানো তথ্য বা ফাইলটি অনেক বড়',
  unsupported_media_type: 'এই ধরনের ফাইল বা তথ্য নেওয়া হয় না',
  too_many_requests: 'অনেক বেশি অনুরোধ এসেছে। {seconds} সেকেন্ড পরে আবার চেষ্টা করুন।',
  auth_unavailable: 'সাইন-ইন সেবার সঙ্গে যোগাযোগ করা যাচ্ছে না। একটু পরে আবার চেষ্টা করুন।',
  busy: 'সাইট এখন ব্যস্ত। একটু পরে আবার চেষ্টা করুন।',
  internal_error: 'আমাদের দিকে একটি সমস্যা হয়েছে। একটু পরে আবার চেষ্টা করুন।',
  already_reviewed: 'আপনি এই কেনাকাটার রিভিউ আগেই দিয়েছেন',
  review_not_allowed: 'এই ল্যাপটপের লেনদেন সম্পন্ন বা পরিশোধ হওয়ার পরই বিক্রেতার রিভিউ দেওয়া যায়',
  review_not_found: 'এই রিভিউটি পাওয়া যায়নি',
  not_review_seller: 'শুধু যে বিক্রেতার রিভিউ, তিনিই উত্তর দিতে পারেন',
  already_answered: 'আপনি এই রিভিউয়ের উত্তর আগেই দিয়েছেন',
  seller_not_found: 'এই বিক্রেতাকে পাওয়া যায়নি',
  order_not_found: 'পরিশোধিত এই অর্ডারটি পাওয়া যায়নি',
  not_order_participant: 'শুধু এই অর্ডারের ক্রেতা বা বিক্রেতা এটি বদলাতে পারেন',
  order_wrong_side: 'এই কাজটি অর্ডারের অন্য পক্ষের',
  order_state: 'অর্ডারের টাকার এখনকার অবস্থায় এটি করা যায় না। পাতাটি আবার লোড করুন।',
  already_refunded: 'এই অর্ডারের টাকা আগেই ফেরত দেওয়া হয়েছে',
  invalid_refund_amount: 'আংশিক ফেরতের পরিমাণ শূন্যের বেশি এবং অর্ডারের মোট টাকার কম হতে হবে',
  dispute_exists: 'এই অর্ডার নিয়ে আগেই একটি অভিযোগ করা হয়েছে',
  dispute_not_found: 'এই অভিযোগটি পাওয়া যায়নি',
  not_dispute_participant: 'এই অভিযোগটি আপনার নয়',
  dispute_resolved: 'এই অভিযোগটি আগেই নিষ্পত্তি হয়েছে',
  payout_below_minimum: 'সর্বনিম্ন পেআউট ৳{minimum}; আপনার তোলার মতো ব্যালান্স ৳{available}',
  payout_method_missing:
    'আগে কোথায় টাকা পাঠাতে হবে তা জানান: একটি বিকাশ, নগদ বা রকেট নম্বর, অথবা ব্যাংক অ্যাকাউন্ট',
  payout_already_requested: 'আপনার একটি পেআউটের অনুরোধ এখনো খোলা আছে',
  payout_not_found: 'এই পেআউটটি পাওয়া যায়নি',
  payout_settled: 'এই পেআউটটি আগেই নিষ্পত্তি হয়েছে',
  invalid_idempotency_key: 'Idempotency-Key হতে হবে ৮ থেকে ১২৮টি দৃশ্যমান ASCII অক্ষর',
  idempotency_key_reused: 'এই Idempotency-Key আগেই অন্য একটি অনুরোধে ব্যবহৃত হয়েছে; নতুন অনুরোধে নতুন কী দিন',
  idempotency_key_in_progress: 'এই অনুরোধটি এখনো চলছে; একটু পরে আবার পাঠান',
  offer_too_low: 'প্রস্তাবিত দাম চাওয়া দামের অন্তত অর্ধেক হতে হবে: ৳{minimum}',
  offer_above_price: 'প্রস্তাবিত দাম চাওয়া দাম ৳{price}-এর বেশি হতে পারে না: সেই দামে বুক করুন বা কিনুন',
  offer_exists: 'এই ল্যাপটপে আপনার একটি প্রস্তাব এখনো খোলা আছে',
  offer_not_found: 'এই দামের প্রস্তাবটি পাওয়া যায়নি',
  not_offer_participant: 'শুধু এই প্রস্তাবের ক্রেতা বা বিক্রেতা এর উত্তর দিতে পারেন',
  offer_wrong_side: 'এই কাজটি প্রস্তাবের অন্য পক্ষের',
  offer_state: 'প্রস্তাবটির এখনকার অবস্থায় এটি করা যায় না (হয়তো এর মেয়াদ শেষ হয়েছে)। পাতাটি আবার লোড করুন।',
  serial_format: 'সিরিয়াল নম্বরটি মেলে না: {format}',
  serial_in_use: 'এই সিরিয়াল নম্বরটি আগেই অন্য একটি বিজ্ঞাপনে আছে। আমাদের দল বিষয়টি দেখবে।',
  serial_reported_stolen: 'এই সিরিয়াল নম্বরের ল্যাপটপটি চুরি হয়েছে বলে জানানো হয়েছে। আমাদের দল বিষয়টি দেখবে।',
  verification_pending: 'ছবিটি একজন অপারেটরের অপেক্ষায় আছে; উত্তরের জন্য অপেক্ষা করুন',
  already_verified: 'এই ডিভাইসটি আগেই যাচাই করা হয়েছে',
  verification_state: 'আগে সিরিয়াল নম্বর দিন: ছবিতে তার কোডটি থাকবে',
  verification_not_found: 'এই ডিভাইস যাচাইটি পাওয়া যায়নি',
  verification_photo_not_found: 'এই যাচাইয়ের কোনো ছবি নেই',
  verification_decided: 'এই যাচাইয়ের সিদ্ধান্ত আগেই হয়ে গেছে',
  counter_out_of_range: 'পাল্টা দাম ক্রেতার প্রস্তাব ৳{offer} থেকে চাওয়া দাম ৳{price}-এর মধ্যে হতে হবে',
};

/** Said when a code has no sentence of its own, by the kind of refusal. */
const CODE_BY_STATUS: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
};
const banglaByStatus = (status: number) =>
  BANGLA_BY_CODE[status >= 500 ? 'internal_error' : (CODE_BY_STATUS[status] ?? 'bad_request')]!;

/** The language a request asks its answers in (its Accept-Language), English by default. */
export const requestLanguage = (acceptLanguage: string | string[] | undefined): Language =>
  pickLanguage(
    parseAcceptLanguage(Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage),
  );

/** The refusal's sentence in the request's language. */
export function localisedErrorMessage(
  answer: { status: number; code: string; message: string; params?: Record<string, string | number> },
  language: Language,
): string {
  if (language === 'en') return answer.message;
  const template =
    BANGLA_BY_MESSAGE[answer.message] ?? BANGLA_BY_CODE[answer.code] ?? banglaByStatus(answer.status);
  const numbers = new Intl.NumberFormat(LANGUAGE_LOCALES[language]);
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = answer.params?.[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? numbers.format(value) : value;
  });
}

/** Every code and sentence that has a Bangla version (the tests check none is left English). */
export const translatedErrorCodes = Object.keys(BANGLA_BY_CODE);
export const translatedErrorSentences = Object.keys(BANGLA_BY_MESSAGE);
