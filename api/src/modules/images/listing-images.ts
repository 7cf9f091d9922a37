import type { Database } from '../../db/index';
import { badRequest } from '../../lib/errors';
import { requireOwnImages } from '../../services/own-images';
import { ImageImportError, importImage, type ImageImportOptions } from './image-import';
import { storeEncodedImage, type EncodedImage } from './images.service';

/**
 * The images a new listing names, as stored references (`images/<name>`): ours are checked as
 * ever (services/own-images.ts), any other site's are imported (docs/product.md#photos). Every
 * import is fetched and decoded before any is stored, so a refused one leaves nothing behind
 * but the 400 naming its field.
 */
export async function listingImages(
  db: Database,
  publicApiUrl: string,
  importOptions: ImageImportOptions,
  uploader: { uid: string; id: string | null },
  fields: { field: string; url: string }[],
): Promise<string[]> {
  const isOurs = (url: string) => url.startsWith(`${publicApiUrl}/`);
  const ours = await requireOwnImages(
    db,
    publicApiUrl,
    fields.filter((f) => isOurs(f.url)),
  );
  const imported = new Map<string, EncodedImage>();
  for (const { field, url } of fields) {
    if (isOurs(url) || imported.has(url)) continue;
    try {
      imported.set(url, await importImage(url, importOptions));
    } catch (error) {
      if (error instanceof ImageImportError)
        throw badRequest(`body.${field}: ${error.message}`, 'image_import_failed');
      throw error;
    }
  }
  const stored = new Map<string, string>();
  for (const [url, image] of imported)
    stored.set(url, `images/${await storeEncodedImage(db, image, uploader)}`);
  let next = 0;
  return fields.map(({ url }) => (isOurs(url) ? ours[next++]! : stored.get(url)!));
}
