import { sql } from 'drizzle-orm';
import { bigint, customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea; node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * The bytes of every image the API serves (uploads, their width variants, the seed images and the
 * placeholder), keyed by the file name of its URL, so every API process on every machine serves the
 * same images (docs/decisions/0024-images-in-the-database.md). Names are content hashes or fixed seed
 * names: a row is written once and never changes.
 */
export const imageFiles = pgTable(
  'image_files',
  {
    fileName: text('file_name').primaryKey(),
    contentType: text('content_type').notNull(),
    /** Quoted strong ETag (a hash of the bytes). */
    etag: text('etag').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The main image's 64-bit perceptual hash (dHash, lib/photo-hash.ts; migration 0031), for the
     * moderation queue's "photo reused" check. Null for width variants, and for images stored
     * before the column until the startup backfill reaches them.
     */
    phash: bigint('phash', { mode: 'bigint' }),
    // Its five bands (13, 13, 13, 13, 12 bits), each indexed: 4 differing bits leave one untouched.
    phashBand0: integer('phash_band0').generatedAlwaysAs(sql`(((phash >> 51) & 8191)::integer)`),
    phashBand1: integer('phash_band1').generatedAlwaysAs(sql`(((phash >> 38) & 8191)::integer)`),
    phashBand2: integer('phash_band2').generatedAlwaysAs(sql`(((phash >> 25) & 8191)::integer)`),
    phashBand3: integer('phash_band3').generatedAlwaysAs(sql`(((phash >> 12) & 8191)::integer)`),
    phashBand4: integer('phash_band4').generatedAlwaysAs(sql`(((phash >> 0) & 4095)::integer)`),
  },
  (t) => [
    index('image_files_phash_band0_idx')
      .on(t.phashBand0)
      .where(sql`phash is not null`),
    index('image_files_phash_band1_idx')
      .on(t.phashBand1)
      .where(sql`phash is not null`),
    index('image_files_phash_band2_idx')
      .on(t.phashBand2)
      .where(sql`phash is not null`),
    index('image_files_phash_band3_idx')
      .on(t.phashBand3)
      .where(sql`phash is not null`),
    index('image_files_phash_band4_idx')
      .on(t.phashBand4)
      .where(sql`phash is not null`),
  ],
);
export type ImageFileRow = typeof imageFiles.$inferSelect;

/**
 * Rate-limit counters shared by every API process: one row per budget and client, a fixed window
 * (docs/decisions/0025-shared-state-across-replicas.md).
 */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
