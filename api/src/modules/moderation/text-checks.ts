/**
 * The text half of the automatic checks (docs/decisions/0061-automatic-moderation-checks.md): pure
 * functions over a listing's name and description, so each rule is tested on plain strings.
 */

/** Bangla digits ০-৯ read as 0-9, so a number typed in Bangla is found like any other. */
export const latinDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

// Letters, digits and combining marks (Bangla vowel signs are marks): what a word is made of.
const WORD_CHAR = String.raw`\p{L}\p{N}\p{M}`;

/**
 * Contact details, most telling first. Each pattern stands alone between non-word characters, so
 * laptop text ("i5-8350U", "DDR4-3200", "1920x1080", "15.6", "Wi-Fi 6", "USB-C") never matches:
 * - a Bangladeshi mobile number: 01[3-9] and 8 more digits, optionally after +880/880/0088, with
 *   single spaces, dots or dashes between digits (01712345678, +8801712345678, 017-1234-5678);
 * - an international number written with its +: a + and 8 to 15 digits, separators allowed;
 * - any other run of 8 or more digits in a row;
 * - an e-mail address;
 * - a link: http(s)://…, www.…, or a bare domain whose last part is a common top-level domain
 *   (example.com, fb.com/page, shop.com.bd, wa.me/…), which "15.6" or "v1.2" are not.
 */
const CONTACT_PATTERNS: RegExp[] = [
  new RegExp(
    String.raw`(?<![${WORD_CHAR}+])(?:(?:\+|00)?88[\s.-]?)?01[3-9](?:[\s.-]?\d){8}(?![${WORD_CHAR}])`,
    'u',
  ),
  new RegExp(String.raw`(?<![${WORD_CHAR}])\+\d(?:[\s.-]?\d){7,14}(?![${WORD_CHAR}])`, 'u'),
  new RegExp(String.raw`(?<![${WORD_CHAR}])\d{8,}(?![${WORD_CHAR}])`, 'u'),
  new RegExp(String.raw`[${WORD_CHAR}._%+-]+@[${WORD_CHAR}-]+(?:\.[${WORD_CHAR}-]+)*\.\p{L}{2,}`, 'u'),
  /\bhttps?:\/\/[^\s]+/iu,
  /\bwww\.[^\s]+/iu,
  new RegExp(
    String.raw`(?<![${WORD_CHAR}@.-])[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|me|co|xyz|shop|store|online|site|app|link|ly|gl|to|bd)(?:\.bd)?(?![${WORD_CHAR}-])(?:\/[^\s]*)?`,
    'iu',
  ),
];

/** The first phone number, e-mail address or link in `text`, as written there; null when none. */
export function findContact(text: string): string | null {
  // Bangla digits have one UTF-16 unit each, like 0-9: offsets match between the two texts.
  const latin = latinDigits(text);
  let first: { index: number; text: string } | null = null;
  for (const pattern of CONTACT_PATTERNS) {
    const match = pattern.exec(latin);
    if (match && (!first || match.index < first.index))
      first = { index: match.index, text: text.slice(match.index, match.index + match[0].length) };
  }
  return first ? first.text.trim() : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first word of `words` that `text` holds as a whole word (not inside a longer word), ignoring
 * case, in any script: "scam" finds "SCAM!" but not "scampi"; "চোরাই" finds "চোরাই ল্যাপটপ". A
 * phrase's spaces match any run of spaces. Answers the word as written in the text; null when none.
 */
export function findListedWord(text: string, words: readonly string[]): string | null {
  const normalised = text.normalize('NFC');
  for (const word of words) {
    const body = escapeRegExp(word.normalize('NFC').trim()).replace(/\s+/g, String.raw`\s+`);
    if (!body) continue;
    const match = new RegExp(`(?<![${WORD_CHAR}])${body}(?![${WORD_CHAR}])`, 'iu').exec(normalised);
    if (match) return match[0];
  }
  return null;
}
