import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { users } from './users';

export type ReviewState = 'published' | 'pending' | 'refused';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    // Money in integer minor units (cents).
    priceCents: integer('price_cents').notNull(),
    originalPriceCents: integer('original_price_cents'),
    status: text('status', { enum: ['available', 'booked', 'sold'] })
      .notNull()
      .default('available'),
    quality: text('quality', { enum: ['Excellent', 'Good', 'Fair'] }).notNull(),
    phone: text('phone').notNull(),
    // Whether the seller's phone and e-mail show on the listing (docs/product.md#contact-details-on-a-listing).
    showContact: boolean('show_contact').notNull().default(true),
    location: text('location').notNull(),
    description: text('description').notNull(),
    year: integer('year').notNull(),
    // Absolute URL, or a path relative to PUBLIC_API_URL for images the API stores itself.
    imageUrl: text('image_url').notNull(),
    rating: integer('rating'),
    // Every photo, the cover (image_url) first; at most MAX_PHOTOS (docs/product.md#photos).
    photoUrls: text('photo_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Specs (docs/product.md#laptop-specs). Null only on rows created before specs existed.
    processor: text('processor'),
    cpuFamily: text('cpu_family'),
    cpuLine: text('cpu_line'),
    ramGb: integer('ram_gb'),
    storageGb: integer('storage_gb'),
    storageType: text('storage_type', { enum: ['SSD', 'HDD'] }),
    // Tenths of an inch: 15.6" is 156, so sizes compare exactly.
    screenTenths: integer('screen_tenths'),
    resolution: text('resolution'),
    graphics: text('graphics'),
    batteryHealthPercent: integer('battery_health_percent'),
    batteryHealthSource: text('battery_health_source'),
    os: text('os'),
    warrantyMonths: integer('warranty_months'),
    // False while the specs are only what the API read from the name and description of a listing
    // posted without them; the seller confirms them in My Products (docs/product.md#laptop-specs).
    specsConfirmed: boolean('specs_confirmed').notNull().default(true),
    // Brand, processor, memory and the like as words: written by the API with the row, searched
    // with the name (docs/decisions/0017-search-in-postgres.md).
    searchKeywords: text('search_keywords').notNull().default(''),
    // Laptop vocabulary spelled one way (search_normalise, migration 0018); only the description
    // is stemmed: model numbers and brands are not English words. The title's words come again
    // marked '~' (search_title_marked), so 'not all in the title' is part of one tsquery.
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', search_normalise(name || ' ' || search_keywords)) || to_tsvector('english', search_normalise(description)) || search_title_marked(to_tsvector('simple', search_normalise(name || ' ' || search_keywords)))`,
    ),
    // Name and keywords alone: the rank tiers ask whether the title says every word.
    titleVector: tsvector('title_vector').generatedAlwaysAs(
      sql`to_tsvector('simple', search_normalise(name || ' ' || search_keywords))`,
    ),
    // Complete specs (2), a stated battery health (1), up to three photos (1 each): relevance's
    // order after the text tier (docs/decisions/0017-search-in-postgres.md#update-issue-39).
    searchQuality: smallint('search_quality').generatedAlwaysAs(
      sql`(CASE WHEN processor IS NOT NULL AND ram_gb IS NOT NULL AND storage_gb IS NOT NULL AND storage_type IS NOT NULL AND screen_tenths IS NOT NULL AND resolution IS NOT NULL AND graphics IS NOT NULL AND os IS NOT NULL THEN 2 ELSE 0 END + CASE WHEN battery_health_percent IS NOT NULL THEN 1 ELSE 0 END + least(cardinality(photo_urls), 3))::smallint`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    // The device's serial number, normalised (shared-contracts/device-serials.ts); never answered
    // in full outside the operators' queue (docs/product.md#verified-devices; migration 0032).
    serialNumber: text('serial_number'),
    // When an operator approved the device verification: the badge and the search filter.
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    // Public only when 'published'; 'pending' waits in the moderation queue, 'refused' was turned
    // down there (docs/product.md#moderation, migration 0030).
    reviewState: text('review_state').$type<ReviewState>().notNull().default('published'),
  },
  (t) => [
    // One index per list order, partial on live rows; 'available only' (the default) has its own.
    // Newest-first keys are DESC NULLS FIRST, exactly what ORDER BY … DESC means: an index in
    // another null order cannot serve it and the list fell back to sorting the whole table. The
    // trailing seller_id lets the lists' exact counts (which join the seller) read the index alone
    // (docs/decisions/0018-catalog-response-cache.md#query-plans-at-100000-listings).
    index('products_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.sellerId)
      .where(sql`deleted_at is null`),
    index('products_available_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null and status = 'available'`),
    index('products_category_newest_idx')
      .on(t.categoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.sellerId)
      .where(sql`deleted_at is null`),
    index('products_available_price_idx')
      .on(t.priceCents, t.id)
      .where(sql`deleted_at is null and status = 'available'`),
    index('products_category_price_idx')
      .on(t.categoryId, t.priceCents, t.id)
      .where(sql`deleted_at is null`),
    index('products_search_vector_idx').using('gin', t.searchVector),
    index('products_title_vector_idx').using('gin', t.titleVector),
    // Relevance within a text tier: quality, then newest, walked while checking the text.
    index('products_relevance_idx')
      .on(t.searchQuality.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`deleted_at is null`),
    index('products_category_relevance_idx')
      .on(
        t.categoryId,
        t.searchQuality.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`deleted_at is null`),
    // The location filter is a substring (ILIKE '%…%').
    index('products_location_trgm_idx').using('gin', sql`${t.location} gin_trgm_ops`),
    index('products_seller_idx').on(t.sellerId),
    // My Products: a seller's live listings newest first, and by sales status
    // (docs/decisions/0030-dashboard-list-queries.md); the trigram index serves `q` on the name
    // there, in My Orders, My Buyers and Reported Items.
    index('products_seller_newest_idx')
      .on(t.sellerId, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index('products_seller_status_newest_idx')
      .on(t.sellerId, t.status, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    // The moderation queue: waiting listings oldest first.
    index('products_review_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at is null and review_state = 'pending'`),
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    // Comparable listings (price guidance, the publish's low-price check): migrations 0036 and
    // 0037; price, name, id and seller in the key make it an index-only scan.
    index('products_comparables_idx')
      .on(t.categoryId, t.ramGb, t.quality, t.storageGb, t.priceCents, t.name, t.id, t.sellerId)
      .where(sql`deleted_at is null and review_state = 'published' and status = 'available'`),
    // A seller's public page: their listed listings on sale, newest first, counted index-only
    // (migration 0037).
    index('products_seller_listed_idx')
      .on(t.sellerId, t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at is null and review_state = 'published' and status = 'available'`),
    // One listing per laptop among those on sale or booked (docs/product.md#verified-devices).
    uniqueIndex('products_active_serial_idx')
      .on(t.serialNumber)
      .where(sql`serial_number is not null and deleted_at is null and status <> 'sold'`),
    // "Verified devices only": the verified live listings, newest first.
    index('products_verified_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id)
      .where(sql`verified_at is not null and deleted_at is null and status = 'available'`),
    check('products_review_state_check', sql`${t.reviewState} in ('published', 'pending', 'refused')`),
    check('products_price_check', sql`${t.priceCents} > 0`),
    check(
      'products_original_price_check',
      sql`${t.originalPriceCents} is null or ${t.originalPriceCents} > 0`,
    ),
    check('products_status_check', sql`${t.status} in ('available', 'booked', 'sold')`),
    check('products_quality_check', sql`${t.quality} in ('Excellent', 'Good', 'Fair')`),
    check('products_photos_check', sql`cardinality(${t.photoUrls}) <= 6`),
    check('products_ram_check', sql`${t.ramGb} is null or ${t.ramGb} between 1 and 256`),
    check('products_storage_check', sql`${t.storageGb} is null or ${t.storageGb} between 16 and 16384`),
    check('products_screen_check', sql`${t.screenTenths} is null or ${t.screenTenths} between 100 and 190`),
    check(
      'products_battery_check',
      sql`${t.batteryHealthPercent} is null or ${t.batteryHealthPercent} between 1 and 100`,
    ),
    check(
      'products_warranty_check',
      sql`${t.warrantyMonths} is null or ${t.warrantyMonths} between 0 and 60`,
    ),
    check('products_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);
export type ProductRow = typeof products.$inferSelect;
