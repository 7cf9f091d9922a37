/**
 * The clean-text rule (docs/product.md#text-fields, docs/decisions/0027-clean-text-and-attack-suite.md),
 * zod-free so the web forms can import it without bringing zod into their bundles; the zod builders
 * in text.ts apply the same function to every string field of the contracts.
 *
 * Refused everywhere: C0 control characters (U+0000–U+001F) and DEL (U+007F), and lone UTF-16
 * surrogates (half an emoji). PostgreSQL refuses NUL in text and lone surrogates in UTF-8, so
 * without this rule they reached the database as a 500; the other controls are invisible,
 * corrupt what people read and have no use in a listing. Multi-line text (descriptions,
 * messages, reasons) keeps newline and tab.
 */
export type TextKind = 'single-line' | 'multi-line';

const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first character the rule refuses, as `{ index, code }`, or null when the text is clean. */
export function findUncleanCharacter(
  value: string,
  kind: TextKind = 'single-line',
): { index: number; code: number } | null {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) {
      if (kind === 'multi-line' && (code === 0x0a || code === 0x09)) continue;
      return { index: i, code };
    }
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return { index: i, code };
    }
    if (code >= 0xdc00 && code <= 0xdfff) return { index: i, code };
  }
  return null;
}

/** What kind of refused character it is: the messages (English here, other languages in the web) tell these apart. */
export type UncleanCharacterKind = 'surrogate' | 'lineBreak' | 'control';

/**
 * The first refused character, described: its kind, its code point (`U+0007`) and its position
 * counted from 1, or null when the text is clean.
 */
export function describeUncleanCharacter(
  value: string,
  kind: TextKind = 'single-line',
): { what: UncleanCharacterKind; codePoint: string; position: number } | null {
  const found = findUncleanCharacter(value, kind);
  if (!found) return null;
  const { code, index } = found;
  const what: UncleanCharacterKind =
    code >= 0xd800 && code <= 0xdfff
      ? 'surrogate'
      : (code === 0x0a || code === 0x09 || code === 0x0d) && kind === 'single-line'
        ? 'lineBreak'
        : 'control';
  return { what, codePoint: hex(code), position: index + 1 };
}

const UNCLEAN_CHARACTER: Record<UncleanCharacterKind, (codePoint: string) => string> = {
  surrogate: (c) => `half of a character (lone surrogate ${c})`,
  lineBreak: (c) => `a line break or tab (${c}), which this single-line field cannot hold`,
  control: (c) => `an invisible control character (${c})`,
};

/** The sentence shown beside a field (and after `body.field:` in the API's 400), or null when clean. */
export function uncleanTextMessage(value: string, kind: TextKind = 'single-line'): string | null {
  const found = describeUncleanCharacter(value, kind);
  if (!found) return null;
  return `contains ${UNCLEAN_CHARACTER[found.what](found.codePoint)} at position ${found.position}; remove it and try again`;
}
