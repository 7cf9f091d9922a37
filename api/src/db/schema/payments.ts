import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FundsState } from 'shared-contracts/order-lifecycle';
import { products } from './products';
import { users } from './users';

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    // A random transaction id, as the original client shows it, 1…100,000,000, unique.
    transactionId: integer('transaction_id').notNull(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id),
    // The product's seller, set by a trigger from the product on every insert (migration 0007),
    // so My Buyers pages a seller's paid payments by one index walk.
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    // Taken from the product row when the payment starts, never from the request.
    amountCents: integer('amount_cents').notNull(),
    // Set from config.currency on every payment; the default serves the bulk seed's raw inserts.
    currency: text('currency').notNull().default('BDT'),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Where the money of a paid order is (shared-contracts/order-lifecycle.ts); null until the
    // gateway's word counts. Migration 0015 adds these and their CHECKs.
    funds: text('funds').$type<FundsState>(),
    fundsChangedAt: timestamp('funds_changed_at', { withTimezone: true }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    releasedCents: bigint('released_cents', { mode: 'number' }).notNull().default(0),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    gatewayPaymentRef: text('gateway_payment_ref'),
  },
  (t) => [
    uniqueIndex('payments_transaction_key').on(t.transactionId),
    index('payments_buyer_idx').on(t.buyerId),
    index('payments_product_idx').on(t.productId),
    // My Buyers: a seller's paid payments in the order the list shows them.
    index('payments_seller_paid_newest_idx')
      .on(t.sellerId, sql`coalesce(${t.paidAt}, ${t.createdAt})`, t.id)
      .where(sql`${t.status} = 'paid'`),
    check('payments_transaction_range', sql`${t.transactionId} between 1 and 100000000`),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'expired')`),
  ],
);
export type PaymentRow = typeof payments.$inferSelect;
