CREATE TABLE "player_ratings" (
	"user_id" integer NOT NULL,
	"discipline" text NOT NULL,
	"rating" double precision NOT NULL,
	"deviation" double precision NOT NULL,
	"volatility" double precision NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_ratings_user_id_discipline_pk" PRIMARY KEY("user_id","discipline")
);
--> statement-breakpoint
CREATE TABLE "rated_games" (
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"discipline" text NOT NULL,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rated_games_source_source_id_pk" PRIMARY KEY("source","source_id")
);
--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;