DROP INDEX "bookings_buyer_idx";--> statement-breakpoint
DROP INDEX "reports_status_idx";--> statement-breakpoint
CREATE INDEX "users_role_newest_idx" ON "users" USING btree ("role","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_role_name_idx" ON "users" USING btree ("role",lower("name"),"id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_seller_newest_idx" ON "products" USING btree ("seller_id","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_seller_status_newest_idx" ON "products" USING btree ("seller_id","status","created_at","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_buyer_newest_idx" ON "bookings" USING btree ("buyer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_buyer_paid_newest_idx" ON "bookings" USING btree ("buyer_id","paid","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_newest_idx" ON "reports" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reports_status_newest_idx" ON "reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_trgm_idx" ON "audit_log" USING gin ("actor" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_target_label_trgm_idx" ON "audit_log" USING gin ("target_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action");