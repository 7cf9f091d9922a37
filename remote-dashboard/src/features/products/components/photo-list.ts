import { MAX_PHOTOS } from 'shared-contracts/listing-vocabulary';
import type { Translate } from '@/shared/i18n';

// The photo list as the API takes it (docs/product.md#laptop-specs): at most MAX_PHOTOS, no
// repeats, the first is the cover. Pure, so the order rules are tested without a browser.

/** `photos` with the one at `from` moved to `to` (both clamped to the list). */
export function movePhoto(photos: readonly string[], from: number, to: number): string[] {
  const next = [...photos];
  const target = Math.max(0, Math.min(next.length - 1, to));
  if (from < 0 || from >= next.length || from === target) return next;
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

export const removePhoto = (photos: readonly string[], index: number): string[] =>
  photos.filter((_, i) => i !== index);

/** Appends `url` unless it is already there (the API names a photo by its content) or the list is full. */
export function addPhoto(photos: readonly string[], url: string): string[] {
  if (photos.includes(url) || photos.length >= MAX_PHOTOS) return [...photos];
  return [...photos, url];
}

export const photoCount = (count: number, t: Translate) =>
  t('products.photos.count', { count, max: MAX_PHOTOS });
