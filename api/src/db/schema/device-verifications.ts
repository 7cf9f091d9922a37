import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SerialConflictKind, VerificationState } from 'shared-contracts/verifications';
import { products } from './products';
import { reports } from './reports';
import { users } from './users';

/** PostgreSQL bytea; node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * One submission of a listing's serial number and its verification photo (migration 0032,
 * docs/decisions/0057-verified-devices.md). A resubmission is a new row with a new code.
 */
export const deviceVerifications = pgTable(
  'device_verifications',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    // Normalised; only the operators' queue answers it in full.
    serial: text('serial').notNull(),
    // The one-time code the seller writes beside the screen; unique, so used once.
    code: text('code').notNull(),
    state: text('state').$type<VerificationState>().notNull().default('awaiting-photo'),
    // Why the submission went to the operators instead of to the photo step.
    conflict: text('conflict').$type<SerialConflictKind>(),
    // The verification photo as WebP; served only by the operators' route, never by /images.
    photo: bytea('photo'),
    // The operator's refusal reason, which the seller sees.
    reason: text('reason'),
    decidedBy: text('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('device_verifications_code_idx').on(t.code),
    index('device_verifications_product_newest_idx').on(t.productId, t.createdAt, t.id),
    // Device verifications newest first, and by state (docs/decisions/0030-dashboard-list-queries.md).
    index('device_verifications_newest_idx').on(t.createdAt, t.id),
    index('device_verifications_state_newest_idx').on(t.state, t.createdAt, t.id),
    index('device_verifications_serial_trgm_idx').using('gin', sql`${t.serial} gin_trgm_ops`),
    check(
      'device_verifications_state_check',
      sql`${t.state} in ('awaiting-photo', 'pending', 'approved', 'refused', 'conflict')`,
    ),
    check(
      'device_verifications_conflict_check',
      sql`${t.conflict} is null or ${t.conflict} in ('duplicate', 'reported-stolen')`,
    ),
  ],
);
export type DeviceVerificationRow = typeof deviceVerifications.$inferSelect;

/** Serials reported stolen through the report flow (docs/product.md#verified-devices). */
export const stolenSerials = pgTable('stolen_serials', {
  serial: text('serial').primaryKey(),
  productId: text('product_id')
    .notNull()
    .references(() => products.id),
  reportId: text('report_id')
    .notNull()
    .references(() => reports.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
