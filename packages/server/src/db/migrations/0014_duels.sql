CREATE TABLE "duel_players" (
	"duel_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"phase_started_at" timestamp with time zone,
	"question_started_at" timestamp with time zone,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"total_time_ms" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "duel_players_duel_id_user_id_pk" PRIMARY KEY("duel_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "duel_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"duel_id" integer NOT NULL,
	"sender_id" integer NOT NULL,
	"receiver_id" integer NOT NULL,
	"duel_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sender_deleted" boolean DEFAULT false NOT NULL,
	"receiver_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "duels" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"mode" text DEFAULT 'normal' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"creator_id" integer NOT NULL,
	"opponent_id" integer NOT NULL,
	"desk_id" integer,
	"desk_name" text,
	"view_time" integer,
	"answer_time" integer NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb NOT NULL,
	"accepted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duels_not_self" CHECK ("duels"."creator_id" <> "duels"."opponent_id")
);
--> statement-breakpoint
ALTER TABLE "duel_players" ADD CONSTRAINT "duel_players_duel_id_duels_id_fk" FOREIGN KEY ("duel_id") REFERENCES "public"."duels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_players" ADD CONSTRAINT "duel_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_requests" ADD CONSTRAINT "duel_requests_duel_id_duels_id_fk" FOREIGN KEY ("duel_id") REFERENCES "public"."duels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_requests" ADD CONSTRAINT "duel_requests_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duel_requests" ADD CONSTRAINT "duel_requests_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duels" ADD CONSTRAINT "duels_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duels" ADD CONSTRAINT "duels_opponent_id_users_id_fk" FOREIGN KEY ("opponent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duels" ADD CONSTRAINT "duels_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duel_players_user_idx" ON "duel_players" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "duel_requests_pending_key" ON "duel_requests" USING btree ("duel_id") WHERE "duel_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "duel_requests_receiver_idx" ON "duel_requests" USING btree ("receiver_id","status");--> statement-breakpoint
CREATE INDEX "duel_requests_sender_idx" ON "duel_requests" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "duels_creator_idx" ON "duels" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "duels_opponent_idx" ON "duels" USING btree ("opponent_id","created_at");--> statement-breakpoint
CREATE INDEX "duels_open_idx" ON "duels" USING btree ("status") WHERE "duels"."status" = 'in_progress';