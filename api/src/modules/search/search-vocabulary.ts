/**
 * Laptop vocabulary, spelled one way in the index and in the buyer's words
 * (docs/decisions/0017-search-in-postgres.md#update-issue-39). The index applies the SQL function
 * `search_normalise` (migration 0018) to every listing's name, keywords and description; the
 * search applies `normaliseSearchText` to the buyer's text. Both run the same rules, and a test
 * (search-vocabulary.test.ts) checks that they agree on every example below.
 */

/** Brands and families as Bangla speakers write them: the index and the query both read Latin. */
export const BANGLA_WORDS: readonly (readonly [string, string])[] = [
  ['ডেল', 'dell'],
  ['লেনোভো', 'lenovo'],
  ['লেনেভো', 'lenovo'],
  ['অ্যাপল', 'apple'],
  ['অ্যাপেল', 'apple'],
  ['এ্যাপল', 'apple'],
  ['ম্যাকবুক', 'macbook'],
  ['ম্যাক', 'mac'],
  ['আসুস', 'asus'],
  ['এসুস', 'asus'],
  ['এইচপি', 'hp'],
  ['থিংকপ্যাড', 'thinkpad'],
  ['ল্যাপটপ', 'laptop'],
];

/**
 * Letter-and-digit rewrites, in order, on lower-case text. JavaScript's `\b` is PostgreSQL's `\m`
 * or `\M` here: every pattern starts and ends on an ASCII letter or digit.
 */
export const REWRITES: readonly (readonly [RegExp, string, string, string])[] = [
  // '16 GB', '1 tb' → '16gb', '1tb': a size is one word.
  [/(\d+)\s*(gb|tb)\b/g, '$1$2', '(\\d+)\\s*(gb|tb)\\M', '\\1\\2'],
  // 'ssd512', '512gbssd' → 'ssd 512', '512gb ssd'.
  [/\b(ssd|hdd|nvme|ram)(\d)/g, '$1 $2', '\\m(ssd|hdd|nvme|ram)(\\d)', '\\1 \\2'],
  [/(\d)(ssd|hdd|ram)\b/g, '$1 $2', '(\\d)(ssd|hdd|ram)\\M', '\\1 \\2'],
  // 'corei5', 'core-i5' → 'core i5'.
  [/\bcore[\s-]*(i[3579])\b/g, 'core $1', '\\mcore[\\s-]*(i[3579])\\M', 'core \\1'],
  // 'rtx3060', 'gtx-1650' → 'rtx 3060'; '3060ti' → '3060 ti'.
  [/\b(rtx|gtx|mx|rx)[\s-]*(\d{3,4})/g, '$1 $2', '\\m(rtx|gtx|mx|rx)[\\s-]*(\\d{3,4})', '\\1 \\2'],
  [/(\d{4})(ti)\b/g, '$1 $2', '(\\d{4})(ti)\\M', '\\1 \\2'],
  // Apple's chips: 'm1pro' → 'm1 pro'.
  [/\b(m[1-4])(pro|max|ultra)\b/g, '$1 $2', '\\m(m[1-4])(pro|max|ultra)\\M', '\\1 \\2'],
  // Model families are one word: 'mac book', 'think pad', 'zen book' → 'macbook', 'thinkpad'.
  [
    /\b(mac|think|idea|elite|pro|zen|vivo|chrome|yoga|ultra)\s+(book|pad)\b/g,
    '$1$2',
    '\\m(mac|think|idea|elite|pro|zen|vivo|chrome|yoga|ultra)\\s+(book|pad)\\M',
    '\\1\\2',
  ],
  // A family and its number apart: 'xps13' → 'xps 13'.
  [/\b(xps|rog|tuf)(\d)/g, '$1 $2', '\\m(xps|rog|tuf)(\\d)', '\\1 \\2'],
];

const BANGLA_LETTER = '\\u0980-\\u09FF';

/** The rules above on the buyer's text: what `search_normalise` does to a listing's. */
export function normaliseSearchText(text: string): string {
  let normalised = text.toLowerCase();
  // As in SQL: Unicode normalisation and the Bangla words only for text with Bangla in it.
  if (new RegExp(`[${BANGLA_LETTER}]`, 'u').test(normalised)) {
    normalised = normalised.normalize('NFC');
    for (const [bangla, latin] of BANGLA_WORDS)
      normalised = normalised.replace(
        new RegExp(`(?<![${BANGLA_LETTER}])${bangla}(?![${BANGLA_LETTER}])`, 'gu'),
        latin,
      );
  }
  for (const [pattern, replacement] of REWRITES) normalised = normalised.replace(pattern, replacement);
  return normalised;
}

/**
 * Query-only: 'core' before 'i5' adds nothing a listing must say ('i5 8th gen' is a Core i5),
 * so 'core i5' finds what 'i5' finds. The index keeps 'core' for buyers who type 'intel core'.
 */
export function dropRedundantWords(terms: string[]): string[] {
  return terms.filter((term, i) => !(term === 'core' && /^i[3579]$/.test(terms[i + 1] ?? '')));
}
