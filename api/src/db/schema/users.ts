import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    firebaseUid: text('firebase_uid'),
    // Stored lower-case; the unique key POST /users upserts on.
    email: text('email').notNull(),
    name: text('name').notNull(),
    photoUrl: text('photo_url'),
    role: text('role', { enum: ['buyer', 'seller', 'admin'] }).notNull(),
    // The role an admin had before being made one: what revoking gives back (docs/product.md#admins).
    // Null for admins made by the seed or before this column: revoking makes them a buyer.
    roleBeforeAdmin: text('role_before_admin', { enum: ['buyer', 'seller'] }),
    // The language the user reads the site in: their e-mails are written in it too. Chosen with the
    // site's switch (not only the sign-up page's), it follows them to their other devices.
    language: text('language', { enum: ['en', 'bn'] })
      .notNull()
      .default('en'),
    languageChosenAt: timestamp('language_chosen_at', { withTimezone: true }),
    // The daily digest of saved-search matches: off after a one-click unsubscribe (migration 0027).
    searchDigest: boolean('search_digest').notNull().default(true),
    searchDigestSentAt: timestamp('search_digest_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Soft delete: the row stays, listings are hidden, the token is refused.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_firebase_uid_key').on(t.firebaseUid),
    // All Sellers, All Buyers, Admins: one index per sort key, partial on live rows, led by the
    // role; an ascending index read backwards serves the descending order too. The trigram
    // indexes serve the lists' `q` (ILIKE '%…%'), docs/decisions/0030-dashboard-list-queries.md.
    index('users_role_newest_idx')
      .on(t.role, t.createdAt, t.id)
      .where(sql`deleted_at is null`),
    index('users_role_name_idx')
      .on(t.role, sql`lower(${t.name})`, t.id)
      .where(sql`deleted_at is null`),
    index('users_role_email_idx')
      .on(t.role, t.email, t.id)
      .where(sql`deleted_at is null`),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_role_check', sql`${t.role} in ('buyer', 'seller', 'admin')`),
    check('users_language_check', sql`${t.language} in ('en', 'bn')`),
  ],
);
export type UserRow = typeof users.$inferSelect;

/**
 * How many live users each role has, kept by triggers on `users` (migration 0008): the total of
 * All Buyers and its summary card without counting 20,000 rows on every page
 * (docs/decisions/0030-dashboard-list-queries.md). A search still counts its matches.
 */
export const userRoleCounts = pgTable('user_role_counts', {
  role: text('role', { enum: ['buyer', 'seller', 'admin'] }).primaryKey(),
  live: integer('live').notNull(),
});
