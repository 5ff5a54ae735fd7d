DROP INDEX "notifications_user_idx";--> statement-breakpoint
CREATE INDEX "notifications_user_id_idx" ON "notifications" USING btree ("user_id","id") WHERE not "notifications"."is_deleted";--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null and not "notifications"."is_deleted";