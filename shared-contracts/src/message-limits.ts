// Plain values without zod, so the web bundles can import them (contract modules load zod).

/** A conversation's message is plain text of at most this many characters (docs/product.md#conversations). */
export const MAX_MESSAGE_LENGTH = 2000;

/** A review's text and a seller's answer are at most this many characters (docs/product.md#reviews-and-seller-pages). */
export const MAX_REVIEW_TEXT = 1000;
