CREATE TABLE "desk_presets" (
	"user_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"preset_id" integer NOT NULL,
	CONSTRAINT "desk_presets_user_id_desk_id_pk" PRIMARY KEY("user_id","desk_id")
);
--> statement-breakpoint
CREATE TABLE "review_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"new_cards_per_day" integer,
	"max_reviews_per_day" integer DEFAULT 9999 NOT NULL,
	"learning_steps" text[] DEFAULT '{1m,10m}'::text[] NOT NULL,
	"relearning_steps" text[] DEFAULT '{10m}'::text[] NOT NULL,
	"desired_retention" double precision,
	"review_order" text DEFAULT 'due' NOT NULL,
	"new_card_order" text DEFAULT 'added' NOT NULL,
	"gather_order" text DEFAULT 'ascending_position' NOT NULL,
	"bury_siblings" boolean DEFAULT false NOT NULL,
	"leech_threshold" integer DEFAULT 8 NOT NULL,
	"leech_action" text DEFAULT 'tag_only' NOT NULL,
	"easy_days" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"easy_day_load" double precision DEFAULT 0.5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_presets_retention_range" CHECK ("review_presets"."desired_retention" is null or "review_presets"."desired_retention" between 0.7 and 0.97)
);
--> statement-breakpoint
ALTER TABLE "desk_presets" ADD CONSTRAINT "desk_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_presets" ADD CONSTRAINT "desk_presets_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_presets" ADD CONSTRAINT "desk_presets_preset_id_review_presets_id_fk" FOREIGN KEY ("preset_id") REFERENCES "public"."review_presets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_presets" ADD CONSTRAINT "review_presets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_presets_preset_idx" ON "desk_presets" USING btree ("preset_id");--> statement-breakpoint
CREATE INDEX "desk_presets_desk_idx" ON "desk_presets" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "review_presets_user_idx" ON "review_presets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_presets_one_default" ON "review_presets" USING btree ("user_id") WHERE "review_presets"."is_default";