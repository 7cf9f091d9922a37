import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { NOT_OWN_IMAGE_MESSAGE } from 'shared-contracts/images';
import { ownImageFileName } from 'shared-contracts/image-sizes';
import type { Database } from '../db/index';
import { badRequest } from '../lib/errors';
import { storedImageNames } from '../lib/image-store';

/**
 * "Ours" (docs/product.md#photos): the URL has the shape shared-contracts/image-sizes
 * ownImageFileName accepts, is exactly `<PUBLIC_API_URL>/images/<name>`, and names an image the store holds
 * (uploaded through POST /images, or a seed image). Answers the stored form, `images/<name>`,
 * relative to PUBLIC_API_URL so the rows survive a change of host.
 */
export async function requireOwnImages(
  db: Database,
  publicApiUrl: string,
  fields: { field: string; url: string }[],
): Promise<string[]> {
  const names = fields.map(({ field, url }) => {
    const name = ownImageFileName(url);
    if (!name || url !== `${publicApiUrl}/images/${name}`)
      throw badRequest(`body.${field}: ${NOT_OWN_IMAGE_MESSAGE}`, 'validation_error');
    return name;
  });
  const stored = await storedImageNames(db, [...new Set(names)]);
  fields.forEach(({ field }, i) => {
    if (!stored.has(names[i]!))
      throw badRequest(
        `body.${field}: ${NOT_OWN_IMAGE_MESSAGE}; no such image is stored`,
        'validation_error',
      );
  });
  return names.map((name) => `images/${name}`);
}

// A stored image reference that is ours: `images/<name>` (seed, new rows) or an absolute URL whose
// path is /api/v1/images/<name> (rows written before the relative form). Same name rule as
// shared-contracts/image-sizes IMAGE_FILE_NAME.
const OWN_IMAGE_REFERENCE =
  '^(images/|https?://[^/?#@]+(/[^?#]*)?/api/v1/images/)[a-z0-9]+(-[a-z0-9]+)*\\.webp$';

/**
 * Rows from before only our own images were accepted may still name other hosts; the API shows
 * them as the placeholder (lib/http.ts resolveAssetUrl). Says so in the log at start-up, so an
 * operator knows which listings and profiles to ask for new photos.
 *
 * It reads every listing. A listing whose references all start with `images/` (what the API
 * writes, after checking the name) is passed over on a prefix test; the full pattern, and an
 * unnest of the photos, run only on the others: 1.4 s at a million listings instead of 14 s.
 */
export async function logForeignImageUrls(db: Database, log: Pick<FastifyBaseLogger, 'warn'>) {
  const result = (await db.execute(sql`
    select
      (select count(*) from products
        where (image_url not like 'images/%'
               or (array_to_string(photo_urls, ' ') || ' ') !~ '^(images/[^ ]* )*$')
          and (image_url !~ ${OWN_IMAGE_REFERENCE}
               or exists (select 1 from unnest(photo_urls) as u(url) where u.url !~ ${OWN_IMAGE_REFERENCE})))::int as listings,
      (select count(*) from users
        where photo_url is not null and photo_url !~ ${OWN_IMAGE_REFERENCE})::int as profiles
  `)) as unknown as { rows: { listings: number; profiles: number }[] };
  const { listings = 0, profiles = 0 } = result.rows[0] ?? {};
  if (listings || profiles)
    log.warn(
      `${listings} listings and ${profiles} profiles name images on other hosts; they are shown as our placeholder image (docs/product.md#photos)`,
    );
  return { listings, profiles };
}
