// Viramas of the Indic scripts: a consonant, its virama (and a joiner) and the next consonant
// make one conjunct, drawn as one shape.
const VIRAMA = /[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D4D]/u;
const JOINS_PREVIOUS = /[\p{M}\u200D]/u;

/**
 * Splits text into the units a typewriter reveals one at a time: a letter with its marks, an
 * Indic conjunct as a whole ('ব্র্যা'), a joined emoji. It is written out instead of
 * Intl.Segmenter because the server's and the browser's ICU may split a conjunct differently,
 * and the server's markup must be the browser's to the character (hydration).
 */
export function splitGraphemes(text: string): string[] {
  const units: string[] = [];
  let previous = '';
  for (const char of text) {
    const joins =
      units.length > 0 && (JOINS_PREVIOUS.test(char) || previous === '\u200D' || VIRAMA.test(previous));
    if (joins) units[units.length - 1] += char;
    else units.push(char);
    previous = char;
  }
  return units;
}
