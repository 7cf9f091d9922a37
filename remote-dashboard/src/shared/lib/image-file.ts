import type { Translate } from '@/shared/i18n';

// The upload itself (POST /images, multipart field `image`, XMLHttpRequest for progress) is
// web-kit's uploadImage. These mirror shared-contracts/images (copied to keep zod out of this
// bundle): a file the server would refuse is refused before a byte is sent. Used by a listing's
// photos and a dispute's.
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Why the server would refuse the file, in the page's language (`t`), or null. */
export function checkImageFile(file: File, t: Translate): string | null {
  if (!ACCEPTED_IMAGE_TYPES.includes(file.type)) return t('products.photos.wrongType');
  if (file.size > MAX_IMAGE_BYTES) return t('products.photos.tooBig');
  return null;
}
