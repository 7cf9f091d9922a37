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
 * with that photo and the distance; null when none. The nearest photos come first, then the
 * oldest listing. The similar photos are found first (a handful), then for each distance in turn
 * the oldest listing showing one of them.
 */
export async function listingWithSimilarPhoto(
  db: Executor,
  c: { phash: bigint; fileName: string; sellerId: string; productId: string; maxDistance: number },
) {
  const near = await similarPhotos(db, c.phash, c.maxDistance);
  for (const distance of [...new Set(near.map((n) => n.distance))].sort((a, b) => a - b)) {
    const fileNames = near.filter((n) => n.distance === distance).map((n) => n.fileName);
    const found = await oldestListingShowing(db, fileNames, c);
    if (found) return { ...found, distance };
  }
  return null;
}

/**
 * The stored photos within `maxDistance` bits of `phash`. The five band indexes find the
 * candidates (4 differing bits touch at most 4 of the 5 bands: one is identical), bit_count
 * measures each.
 */
async function similarPhotos(db: Executor, phash: bigint, maxDistance: number) {
  const band = (shift: number, mask: bigint) => Number((BigInt.asUintN(64, phash) >> BigInt(shift)) & mask);
  // As text: both drivers bind it, and PostgreSQL reads it as the bigint it is.
  const hash = phash.toString();
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
    )
    select file_name as "fileName", bit_count((phash # ${hash}::bigint)::bit(64))::int as distance
    from candidates
    where bit_count((phash # ${hash}::bigint)::bit(64)) <= ${maxDistance}
  `);
  return rowsOf<{ fileName: string; distance: number }>(result);
}

/** How many of the oldest listings oldestListingShowing reads first: a common photo is on one. */
const OLDEST_LISTINGS_READ = 1_000;

/**
 * The oldest live listing of another live seller that shows one of these photos, and which one.
 *
 * The planner cannot tell a photo on 100,000 listings of a million from a photo on three when
 * most photos are common, so the query says how: first the oldest 1,000 listings, read in order
 * through the newest-first index (about a millisecond; `deleted_at is null` lets the partial index
 * serve the order); a common photo is on one of them, and the first found is the oldest of all.
 * Only when none shows it, the GIN index on photo_urls finds every listing that does, few for a
 * photo that is not common, sorted by an expression the newest-first index cannot serve (else the
 * planner may walk that index through the whole table, 2.6 s for a new seller's own photo). One
 * query joining listings to the similar photos took 14 s a publish at a million listings.
 */
async function oldestListingShowing(
  db: Executor,
  fileNames: string[],
  c: { sellerId: string; productId: string },
) {
  const names = sql.join(
    fileNames.map((f) => sql`${f}`),
    sql`, `,
  );
  const paths = sql`array[${sql.join(
    fileNames.map((f) => sql`${`images/${f}`}`),
    sql`, `,
  )}]::text[]`;
  const showsOne = sql`p.deleted_at is null and p.photo_urls && ${paths}
    and p.seller_id <> ${c.sellerId} and p.id <> ${c.productId}
    and exists (select 1 from users u where u.id = p.seller_id and u.deleted_at is null)`;
  const whichPhoto = sql`(select f from unnest(array[${names}]::text[]) f
    where 'images/' || f = any(p.photo_urls) order by f limit 1)`;
  const amongOldest = await db.execute(sql`
    select p.id as "productId", ${whichPhoto} as "fileName"
    from (
      select * from products where deleted_at is null order by created_at, id limit ${OLDEST_LISTINGS_READ}
    ) p
    where ${showsOne}
    order by p.created_at, p.id
    limit 1
  `);
  const found = rowsOf<{ productId: string; fileName: string }>(amongOldest)[0];
  if (found) return found;
  const result = await db.execute(sql`
    select p.id as "productId", ${whichPhoto} as "fileName"
    from products p
    where ${showsOne}
    order by p.created_at + interval '0 s', p.id
    limit 1
  `);
  return rowsOf<{ productId: string; fileName: string }>(result)[0] ?? null;
}
