// Photos the API stores are named by their content hash (`<32 hex>.webp`) and get narrower
// renditions beside them (`<hash>-400w.webp`, `<hash>-800w.webp`). Seeded art and links to other
// hosts have none, so they get no srcset and the browser keeps using `src`.
const API_PHOTO = /^(.*\/images\/[0-9a-f]{32})\.webp$/;
const WIDTHS = [400, 800] as const;

/** The srcset of one of the API's photos, or undefined when the URL has no renditions. */
export function apiPhotoSrcSet(url: string): string | undefined {
  const base = API_PHOTO.exec(url)?.[1];
  return base ? WIDTHS.map((w) => `${base}-${w}w.webp ${w}w`).join(', ') : undefined;
}
