import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/index';
import { categories, imageFiles, products } from '../../db/schema/index';
import { rowsOf } from '../../lib/list-query';

/** What the automatic checks read and write, in SQL. */

/** What the checks read of a listing: its text, price, spec, seller, photos and brand's name. */
export async function listingUnderCheck(db: Executor, productId: string) {
  const [row] = await db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      quality: products.quality,
      ramGb: products.ramGb,
      storageGb: products.storageGb,
      categoryId: products.categoryId,
      brandName: categories.name,
      photoUrls: products.photoUrls,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId));
  return row ?? null;
}

/**
 * The stored hashes of these main images; a photo stored before hashes existed has null, and only
 * then its bytes come along (to hash it): a publish does not carry the photo's bytes for nothing.
 */
export async function photoHashesOf(db: Executor, fileNames: string[]) {
  if (fileNames.length === 0) return [];
  return db
    .select({
      fileName: imageFiles.fileName,
      phash: imageFiles.phash,
      data: sql<Buffer | null>`case when ${imageFiles.phash} is null then ${imageFiles.data} end`.mapWith(
        imageFiles.data,
      ),
    })
    .from(imageFiles)
    .where(inArray(imageFiles.fileName, fileNames));
}

export async function savePhotoHash(db: Executor, fileName: string, phash: bigint) {
  await db.update(imageFiles).set({ phash }).where(eq(imageFiles.fileName, fileName));
}

/**
 * A live listing of another live seller that shows a photo within `maxDistance` bits of `phash`,
 * with that photo and the distance; null when none. The five band indexes find the candidates
 * (4 differing bits touch at most 4 of the 5 bands: one is identical), bit_count measures
 * each, and the GIN index on photo_urls finds the listings that show a similar image.
 */
export async function listingWithSimilarPhoto(
  db: Executor,
  c: { phash: bigint; fileName: string; sellerId: string; productId: string; maxDistance: number },
) {
  const band = (shift: number, mask: bigint) => Number((BigInt.asUintN(64, c.phash) >> BigInt(shift)) & mask);
  // As text: both drivers bind it, and PostgreSQL reads it as the bigint it is.
  const hash = c.phash.toString();
  const result = await db.execute(sql`
    with candidates as (
      select file_name, phash from image_files where phash is not null and phash_band0 = ${band(51, 8191n)}
      union
      select file_name, phash from image_files where phash is not null and phash_band1 = ${band(38, 8191n)}
      union
      select file_name, phash from image_files where phash is not null and phash_band2 = ${band(25, 8191n)}
      union
      select file_name, phash from image_files where phash is not null and phash_band3 = ${band(12, 8191n)}
      union
      select file_name, phash from image_files where phash is not null and phash_band4 = ${band(0, 4095n)}
    ),
    near as (
      select file_name, bit_count((phash # ${hash}::bigint)::bit(64))::int as distance
      from candidates
      where bit_count((phash # ${hash}::bigint)::bit(64)) <= ${c.maxDistance}
    )
    select p.id as "productId", s.file_name as "fileName", s.distance as "distance"
    from near s
    join products p
      on p.deleted_at is null and p.photo_urls @> array['images/' || s.file_name]::text[]
    join users u on u.id = p.seller_id and u.deleted_at is null
    where p.seller_id <> ${c.sellerId} and p.id <> ${c.productId}
    order by s.distance, p.created_at, p.id
    limit 1
  `);
  return rowsOf<{ productId: string; fileName: string; distance: number }>(result)[0] ?? null;
}
