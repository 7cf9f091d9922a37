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
 * oldest listing. The similar photos are found first (a handful, the listing's own among them),
 * then the nearest-and-oldest listing showing one: among the oldest listings, and elsewhere only
 * for photos nearer than what those showed. Two reads at most, whatever the distances: one pair
 * of reads per distance cost a publish 10–15 ms (the alerts bench's p50 went from 14 to 28 ms).
 */
export async function listingWithSimilarPhoto(
  db: Executor,
  c: { phash: bigint; fileName: string; sellerId: string; productId: string; maxDistance: number },
) {
  const near = await similarPhotos(db, c.phash, c.maxDistance);
  if (near.length === 0) return null;
  const amongOldest = await oldestListingShowing(db, near, c, 'among the oldest');
  const nearer = amongOldest ? near.filter((n) => n.distance < amongOldest.distance) : near;
  if (nearer.length === 0) return amongOldest;
  return (await oldestListingShowing(db, nearer, c, 'anywhere')) ?? amongOldest;
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
 * The live listing of another live seller that shows one of these photos, nearest photo first,
 * then oldest; with that photo and its distance.
 *
 * The planner cannot tell a photo on 100,000 listings of a million from a photo on three when
 * most photos are common, so the caller says where to look. 'among the oldest': the oldest 1,000
 * listings, read in order through the newest-first index (about a millisecond; `deleted_at is
 * null` lets the partial index serve the order); a common photo is on one of them, and any listing
 * outside them is newer. 'anywhere': the GIN index on photo_urls finds every listing that shows
 * one, few for a photo that is not common, sorted by the distance first, an order the newest-first
 * index cannot serve (else the planner may walk that index through the whole table, 2.6 s for a
 * new seller's own photo). One query joining listings to the similar photos took 14 s a publish
 * at a million.
 */
async function oldestListingShowing(
  db: Executor,
  photos: { fileName: string; distance: number }[],
  c: { sellerId: string; productId: string },
  where: 'among the oldest' | 'anywhere',
) {
  // Each list is one array parameter, as search's idIn passes its ids.
  const paths = sql`${sql.param(photos.map((p) => `images/${p.fileName}`))}::text[]`;
  const fileNames = sql`${sql.param(photos.map((p) => p.fileName))}::text[]`;
  const distances = sql`${sql.param(photos.map((p) => p.distance))}::int[]`;
  const from =
    where === 'among the oldest'
      ? sql`(select * from products where deleted_at is null order by created_at, id limit ${OLDEST_LISTINGS_READ}) p`
      : sql`products p`;
  // Ordered by the distance first, which no index serves: the GIN index finds the rows.
  const result = await db.execute(sql`
    select p.id as "productId", n.f as "fileName", n.d as distance
    from ${from}
    cross join lateral (
      select t.f, t.d from unnest(${fileNames}, ${distances}) t(f, d)
      where 'images/' || t.f = any(p.photo_urls) order by t.d, t.f limit 1
    ) n
    where p.deleted_at is null and p.photo_urls && ${paths}
      and p.seller_id <> ${c.sellerId} and p.id <> ${c.productId}
      and exists (select 1 from users u where u.id = p.seller_id and u.deleted_at is null)
    order by n.d, p.created_at, p.id
    limit 1
  `);
  return rowsOf<{ productId: string; fileName: string; distance: number }>(result)[0] ?? null;
}
