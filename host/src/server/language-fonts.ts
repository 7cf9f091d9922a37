import type { Language } from 'shared-contracts/locale';
import banglaRegular from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff2';
import banglaBold from '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff2';

/**
 * A Bangla page asks for its typeface in the head, before the stylesheet is parsed: the files
 * arrive while the page is still fetching its CSS, so the text is laid out once in Noto Sans
 * Bengali rather than first in a fallback and then again when the font swaps in (the layout
 * shift docs/product.md#languages-and-money rules out). The URLs are the ones the browser build
 * gives the files the stylesheet's 'SecondByte Bengali' faces name (host/src/app/global.css), so
 * the preload is the very request the stylesheet makes. English pages fetch them only for Bengali
 * text beyond the few glyphs the stylesheet carries itself.
 */
export function languageFontPreloads(language: Language): string {
  if (language !== 'bn') return '';
  return [banglaRegular, banglaBold]
    .map((href) => `<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`)
    .join('');
}
