import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from 'web-server/runtime-config';
import { cutGlyphFont, glyphFontFile, glyphUnicodeRange, GLYPH_WEIGHTS } from './bengali-glyphs';

/** The bodies of the host stylesheet's @font-face rules. */
function fontFaces(): string[] {
  const css = readFileSync(path.join(repoRoot, 'host/src/app/global.css'), 'utf8');
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body = '']) => body);
}

describe("an English page's Bengali glyphs", () => {
  it.each(GLYPH_WEIGHTS)(
    'the committed %i font is what the installed Noto Sans Bengali cuts to',
    async (weight) => {
      const committed = readFileSync(glyphFontFile(weight));
      const cut = await cutGlyphFont(weight);
      // A difference means the text or the font changed: run src/bengali-glyphs.ts again.
      expect(Buffer.compare(cut, committed)).toBe(0);
      expect(committed.length).toBeLessThan(2048);
    },
  );

  it('the stylesheet declares each weight with exactly those characters', () => {
    const faces = fontFaces().filter((body) => body.includes('bengali-glyphs-'));
    expect(faces).toHaveLength(GLYPH_WEIGHTS.length);
    for (const weight of GLYPH_WEIGHTS) {
      const face = faces.find((body) => body.includes(`bengali-glyphs-${weight}.inline.woff2`));
      expect(face).toMatch(new RegExp(`font-weight:\\s*${weight};`));
      expect(face).toContain(`unicode-range: ${glyphUnicodeRange()};`);
    }
  });

  it('declares the whole face with the range @fontsource gives its Bengali files, dandas included', () => {
    const fontsourceRanges = JSON.parse(
      readFileSync(
        path.join(repoRoot, 'host/node_modules/@fontsource/noto-sans-bengali/unicode.json'),
        'utf8',
      ),
    ) as { bengali: string };
    const declared = fontFaces()
      .filter((body) => body.includes("font-family: 'SecondByte Bengali';"))
      .map((body) => /unicode-range:([^;]*);/.exec(body)?.[1]?.replace(/\s+/g, ''));
    expect(declared).toEqual([fontsourceRanges.bengali, fontsourceRanges.bengali]);
  });
});
