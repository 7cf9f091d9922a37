-- Issue 41's operator decisions are audited like the others (docs/product.md#admins): listings
-- approved or refused in the moderation queue (target 'product'), words added to or removed from
-- the moderation word list, and device verifications approved or refused.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_target_type_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check" CHECK ("audit_log"."target_type" in ('user', 'product', 'report', 'dispute', 'payout', 'moderation-word', 'verification'));
