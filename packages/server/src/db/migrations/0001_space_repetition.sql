CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"activity_type" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"deck_id" integer,
	"deck_name" text,
	"duel_id" integer,
	"duel_type" text,
	"opponent_username" text,
	"result" text,
	"my_score" integer,
	"opponent_score" integer,
	"chat_id" integer,
	"chat_title" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_schedules" (
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"state" smallint DEFAULT 0 NOT NULL,
	"due" timestamp with time zone DEFAULT now() NOT NULL,
	"stability" double precision DEFAULT 0 NOT NULL,
	"difficulty" double precision DEFAULT 0 NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"scheduled_days" integer DEFAULT 0 NOT NULL,
	"learning_steps" integer DEFAULT 0 NOT NULL,
	"reps" integer DEFAULT 0 NOT NULL,
	"lapses" integer DEFAULT 0 NOT NULL,
	"last_review" timestamp with time zone,
	"introduced_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_schedules_user_id_card_id_pk" PRIMARY KEY("user_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"desk_id" integer NOT NULL,
	"front" text NOT NULL,
	"back" text NOT NULL,
	"front_image" "bytea",
	"front_image_type" text,
	"back_image" "bytea",
	"back_image_type" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_shares" (
	"desk_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"new_cards_per_day" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_shares_desk_id_user_id_pk" PRIMARY KEY("desk_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "desks" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"new_cards_per_day" integer DEFAULT 10 NOT NULL,
	"allow_editing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor_id" integer,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"is_deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"state_before" jsonb NOT NULL,
	"state_after" jsonb NOT NULL,
	"elapsed_days" integer DEFAULT 0 NOT NULL,
	"answer_time_ms" integer,
	"repeat_same_day" boolean DEFAULT false NOT NULL,
	"reviewed_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idempotency_key" uuid
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_deck_id_desks_id_fk" FOREIGN KEY ("deck_id") REFERENCES "public"."desks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD CONSTRAINT "card_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD CONSTRAINT "card_schedules_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_schedules" ADD CONSTRAINT "card_schedules_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_shares" ADD CONSTRAINT "desk_shares_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_shares" ADD CONSTRAINT "desk_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desks" ADD CONSTRAINT "desks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_logs" ADD CONSTRAINT "review_logs_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_user_updated_idx" ON "activities" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "activities_user_day_idx" ON "activities" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_deck_day_key" ON "activities" USING btree ("user_id","activity_type","day","deck_id") WHERE "activities"."deck_id" is not null;--> statement-breakpoint
CREATE INDEX "card_schedules_due_idx" ON "card_schedules" USING btree ("user_id","due","card_id") WHERE "card_schedules"."state" <> 0;--> statement-breakpoint
CREATE INDEX "card_schedules_desk_due_idx" ON "card_schedules" USING btree ("user_id","desk_id","due","card_id") WHERE "card_schedules"."state" <> 0;--> statement-breakpoint
CREATE INDEX "card_schedules_new_idx" ON "card_schedules" USING btree ("user_id","desk_id","card_id") WHERE "card_schedules"."state" = 0;--> statement-breakpoint
CREATE INDEX "card_schedules_introduced_idx" ON "card_schedules" USING btree ("user_id","introduced_at") WHERE "card_schedules"."introduced_at" is not null;--> statement-breakpoint
CREATE INDEX "card_schedules_card_idx" ON "card_schedules" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "card_schedules_desk_idx" ON "card_schedules" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "cards_desk_idx" ON "cards" USING btree ("desk_id","id");--> statement-breakpoint
CREATE INDEX "desk_shares_user_idx" ON "desk_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "desks_owner_idx" ON "desks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "review_logs_user_time_idx" ON "review_logs" USING btree ("user_id","reviewed_at");--> statement-breakpoint
CREATE INDEX "review_logs_card_user_idx" ON "review_logs" USING btree ("card_id","user_id","id");--> statement-breakpoint
CREATE INDEX "review_logs_desk_idx" ON "review_logs" USING btree ("desk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_logs_idempotency_key" ON "review_logs" USING btree ("user_id","idempotency_key");