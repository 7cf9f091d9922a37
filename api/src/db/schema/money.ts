import { bigint, bigserial, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { DisputeReason, RefundStatus } from 'shared-contracts/money';
import { payments } from './payments';
import { users } from './users';

/**
 * The money tables of migration 0015 (docs/decisions/0043-double-entry-ledger.md). The migrations are
 * the authority: their triggers keep `ledger_accounts.balance` (since 0016 all but the clearing's,
 * which is derived from its lines), check that every entry sums to zero, refuse a balance below zero
 * and any UPDATE or DELETE of the ledger. These declarations only let Drizzle read and insert.
 */

export const LedgerAccountKinds = [
  'gateway-clearing',
  'held',
  'seller-available',
  'payouts-pending',
  'platform-fees',
  'refunds-pending',
  'refunded',
  'paid-out',
] as const;
export type LedgerAccountKind = (typeof LedgerAccountKinds)[number];

export const ledgerAccounts = pgTable('ledger_accounts', {
  code: text('code').primaryKey(),
  kind: text('kind').$type<LedgerAccountKind>().notNull(),
  ownerId: text('owner_id'),
  normal: smallint('normal').notNull(),
  // Kept by the trigger, or NULL for an account whose balance is derived from its lines (the
  // gateway's clearing, migration 0016): see balanceOf.
  balance: bigint('balance', { mode: 'number' }).default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  kind: text('kind').notNull(),
  paymentId: text('payment_id').references(() => payments.id),
  payoutId: text('payout_id'),
  memo: text('memo').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const ledgerLines = pgTable('ledger_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entryId: bigint('entry_id', { mode: 'number' })
    .notNull()
    .references(() => ledgerEntries.id),
  account: text('account')
    .notNull()
    .references(() => ledgerAccounts.code),
  amountPaisa: bigint('amount_paisa', { mode: 'number' }).notNull(),
});

export const refunds = pgTable('refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  status: text('status').$type<RefundStatus>().notNull().default('requested'),
  gatewayRef: text('gateway_ref'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});
export type RefundRow = typeof refunds.$inferSelect;

export const disputes = pgTable('disputes', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .unique()
    .references(() => payments.id),
  buyerId: text('buyer_id')
    .notNull()
    .references(() => users.id),
  sellerId: text('seller_id')
    .notNull()
    .references(() => users.id),
  reason: text('reason').$type<DisputeReason>().notNull(),
  text: text('text').notNull(),
  photos: jsonb('photos').$type<string[]>().notNull().default([]),
  state: text('state').$type<'open' | 'resolved'>().notNull().default('open'),
  outcome: text('outcome').$type<'release' | 'refund' | 'part-refund'>(),
  refundCents: bigint('refund_cents', { mode: 'number' }),
  note: text('note'),
  resolvedBy: text('resolved_by').references(() => users.id),
  openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});
export type DisputeRow = typeof disputes.$inferSelect;

export const payoutMethods = pgTable('payout_methods', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  kind: text('kind').$type<'bkash' | 'nagad' | 'rocket' | 'bank'>().notNull(),
  walletNumber: text('wallet_number'),
  accountName: text('account_name'),
  accountNumber: text('account_number'),
  bankName: text('bank_name'),
  branch: text('branch'),
  routingNumber: text('routing_number'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PayoutMethodRow = typeof payoutMethods.$inferSelect;

export const payouts = pgTable('payouts', {
  id: text('id').primaryKey(),
  sellerId: text('seller_id')
    .notNull()
    .references(() => users.id),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  method: jsonb('method').$type<PayoutMethodRow>().notNull(),
  state: text('state').$type<'requested' | 'paid' | 'failed'>().notNull().default('requested'),
  reference: text('reference'),
  failureReason: text('failure_reason'),
  settledBy: text('settled_by').references(() => users.id),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});
export type PayoutRow = typeof payouts.$inferSelect;
