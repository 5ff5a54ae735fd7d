CREATE TABLE "new_cards_introduced" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"desk_id" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "new_cards_introduced_user_id_day_desk_id_pk" PRIMARY KEY("user_id","day","desk_id")
);
--> statement-breakpoint
DROP INDEX "card_schedules_introduced_idx";--> statement-breakpoint
ALTER TABLE "new_cards_introduced" ADD CONSTRAINT "new_cards_introduced_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_cards_introduced" ADD CONSTRAINT "new_cards_introduced_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "new_cards_introduced_desk_idx" ON "new_cards_introduced" USING btree ("desk_id");