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

/**
 * The file name of an image the API stores: lower-case letters and digits in dash-separated runs
 * ending in `.webp` (a content hash, a seed name, a width variant). Nothing else is ever served, so
 * no name can reach outside the store.
 */
export const IMAGE_FILE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*\.webp$/;
export const MAX_IMAGE_FILE_NAME_LENGTH = 120;
export const isImageFileName = (name: string) =>
  name.length <= MAX_IMAGE_FILE_NAME_LENGTH && IMAGE_FILE_NAME.test(name);

/** Where the API serves its images: `<PUBLIC_API_URL>/images/<file name>`, PUBLIC_API_URL ending in /api/v1. */
const OWN_IMAGE_PATH = /\/api\/v1\/images\/([^/]+)$/;

/**
 * What makes a URL one of this site's images, as far as its shape tells: http(s), no user
 * name, password, query or fragment, and a path ending in `/api/v1/images/<file name>`
 * (docs/product.md#photos). Answers the file name, or null. The API also checks that the URL
 * starts with its own PUBLIC_API_URL and that the image exists.
 */
export function ownImageFileName(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.username || parsed.password || parsed.search || parsed.hash || /[?#]/.test(url)) return null;
  const name = OWN_IMAGE_PATH.exec(parsed.pathname)?.[1];
  return name && isImageFileName(name) ? name : null;
}

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
