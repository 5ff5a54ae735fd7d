DROP INDEX "card_schedules_due_idx";--> statement-breakpoint
DROP INDEX "card_schedules_desk_due_idx";--> statement-breakpoint
ALTER TABLE "desks" ADD COLUMN "cards_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "card_schedules_due_idx" ON "card_schedules" USING btree ("user_id","due","card_id","desk_id","state") WHERE "card_schedules"."state" <> 0;--> statement-breakpoint
CREATE INDEX "card_schedules_desk_due_idx" ON "card_schedules" USING btree ("user_id","desk_id","due","card_id","state") WHERE "card_schedules"."state" <> 0;--> statement-breakpoint
UPDATE "desks" SET "cards_count" = (SELECT count(*) FROM "cards" WHERE "cards"."desk_id" = "desks"."id");
