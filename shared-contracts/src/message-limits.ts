// Plain values without zod, so the web bundles can import them (contract modules load zod).

/** A conversation's message is plain text of at most this many characters (docs/product.md#conversations). */
export const MAX_MESSAGE_LENGTH = 2000;
