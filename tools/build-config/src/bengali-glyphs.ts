// The few Bengali glyphs an English page shows, cut from the site's own Noto Sans Bengali into
// fonts of about a kilobyte that the host's stylesheet carries inline (host/src/app/global.css,
// docs/decisions/0016-first-load-budget.md). Without them an English page either searched the
// device's fonts for these glyphs on every layout (and drew boxes where it has no Bengali font), or
// downloaded the whole 44 KB face in each weight for one word and one currency sign.
//
// The fonts are committed; run `pnpm --filter build-config exec tsx src/bengali-glyphs.ts` after
// changing the text below or upgrading @fontsource/noto-sans-bengali (its test says when).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import subsetFont from 'subset-font';
import { repoRoot } from 'web-server/runtime-config';

/** The language switch's "বাংলা" and the taka sign of English prices. */
export const ENGLISH_PAGE_BENGALI = 'বাংলা৳';
export const GLYPH_WEIGHTS = [400, 700] as const;

const fontsource = (weight: number) =>
  path.join(
    repoRoot,
    'host/node_modules/@fontsource/noto-sans-bengali/files',
    `noto-sans-bengali-bengali-${weight}-normal.woff2`,
  );

/** Where the host's stylesheet finds the cut font (`.inline.woff2`: the build inlines it). */
export const glyphFontFile = (weight: number) =>
  path.join(repoRoot, 'host/src/app/fonts', `bengali-glyphs-${weight}.inline.woff2`);

/** The CSS `unicode-range` of exactly those characters: any other Bengali text uses another face. */
export const glyphUnicodeRange = () =>
  [...new Set(ENGLISH_PAGE_BENGALI)]
    .map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`)
    .sort()
    .join(', ');

export function cutGlyphFont(weight: number): Promise<Buffer> {
  return subsetFont(readFileSync(fontsource(weight)), ENGLISH_PAGE_BENGALI, { targetFormat: 'woff2' });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const weight of GLYPH_WEIGHTS) {
    const font = await cutGlyphFont(weight);
    writeFileSync(glyphFontFile(weight), font);
    console.log(`${path.relative(repoRoot, glyphFontFile(weight))}: ${font.length} bytes`);
  }
  console.log(`unicode-range: ${glyphUnicodeRange()}`);
}
