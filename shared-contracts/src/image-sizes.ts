/**
 * The sizes the API stores of every image it hosts (uploads and seed images), named from the main
 * file so a client derives them from the URL alone: `<name>.webp` (at most 1200 px wide) beside
 * `<name>-400w.webp` and `<name>-800w.webp`. No variant is ever wider than its original, so for a
 * small original the descriptors overstate the width; the browser then simply gets the largest
 * file there is. Zod-free: the catalog imports it at run time (docs/decisions/0016-first-load-budget.md).
 */

export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];
/** The main file's widest edge. */
export const MAX_IMAGE_EDGE = 1200;

// Our images live under the API's /api/v1/images/; a variant's own URL is not a main URL.
const OWN_IMAGE_URL = /^(.*\/api\/v1\/images\/)([a-z0-9]+(?:-[a-z0-9]+)*)\.webp$/i;
const VARIANT_SUFFIX = /-\d+w$/;

function ownImageParts(url: string): { dir: string; name: string } | null {
  const match = OWN_IMAGE_URL.exec(url);
  if (!match || VARIANT_SUFFIX.test(match[2]!)) return null;
  return { dir: match[1]!, name: match[2]! };
}

/** The file name of a width variant: 'abc.webp', 400 → 'abc-400w.webp'. */
export const variantFileName = (mainFileName: string, width: ImageVariantWidth) =>
  mainFileName.replace(/\.webp$/, `-${width}w.webp`);

/** The URL of `url`'s `width` variant, or undefined when `url` is not one of our images. */
export function imageVariantUrl(url: string, width: ImageVariantWidth): string | undefined {
  const parts = ownImageParts(url);
  return parts ? `${parts.dir}${variantFileName(`${parts.name}.webp`, width)}` : undefined;
}

/** The `srcset` of one of our images ('…-400w.webp 400w, …-800w.webp 800w, ….webp 1200w'); undefined for foreign URLs. */
export function srcSetFor(url: string): string | undefined {
  if (!ownImageParts(url)) return undefined;
  const variants = IMAGE_VARIANT_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`);
  return [...variants, `${url} ${MAX_IMAGE_EDGE}w`].join(', ');
}
