ALTER TABLE "card_schedules" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD COLUMN "buried_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD COLUMN "flag" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD CONSTRAINT "card_schedules_flag_range" CHECK ("card_schedules"."flag" between 0 and 7);