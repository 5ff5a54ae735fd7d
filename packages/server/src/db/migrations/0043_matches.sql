CREATE TABLE "match_games" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_id" integer NOT NULL,
	"number" integer NOT NULL,
	"discipline" text NOT NULL,
	"picked_by" integer NOT NULL,
	"options" jsonb NOT NULL,
	"seed" integer NOT NULL,
	"content" jsonb NOT NULL,
	"max_score" integer NOT NULL,
	"outcome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "match_plays" (
	"game_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"memorize_ends_at" timestamp with time zone NOT NULL,
	"recall_ends_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"answers" jsonb,
	"marks" jsonb,
	"score" integer,
	"memorize_ms" integer,
	"late" boolean DEFAULT false NOT NULL,
	CONSTRAINT "match_plays_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"creator_id" integer NOT NULL,
	"opponent_id" integer NOT NULL,
	"best_of" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"vetoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"winner" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "matches_not_self" CHECK ("matches"."creator_id" <> "matches"."opponent_id"),
	CONSTRAINT "matches_best_of" CHECK ("matches"."best_of" in (3, 5))
);
--> statement-breakpoint
ALTER TABLE "match_games" ADD CONSTRAINT "match_games_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_games" ADD CONSTRAINT "match_games_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_plays" ADD CONSTRAINT "match_plays_game_id_match_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."match_games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_plays" ADD CONSTRAINT "match_plays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_opponent_id_users_id_fk" FOREIGN KEY ("opponent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_games_number_key" ON "match_games" USING btree ("match_id","number");--> statement-breakpoint
CREATE INDEX "matches_creator_idx" ON "matches" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "matches_opponent_idx" ON "matches" USING btree ("opponent_id","created_at");