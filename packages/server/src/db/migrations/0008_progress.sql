CREATE TABLE "time_tracking_sessions" (
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"total_time" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_tracking_sessions_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "time_tracking_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" text NOT NULL,
	"page" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "activities_conversion_day_key";--> statement-breakpoint
ALTER TABLE "time_tracking_sessions" ADD CONSTRAINT "time_tracking_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_tracking_visits" ADD CONSTRAINT "time_tracking_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_tracking_visits_key" ON "time_tracking_visits" USING btree ("user_id","session_id","start_time","page");--> statement-breakpoint
CREATE INDEX "time_tracking_visits_user_day_idx" ON "time_tracking_visits" USING btree ("user_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_duel_day_key" ON "activities" USING btree ("user_id","activity_type","day","duel_id") WHERE "activities"."duel_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_plain_day_key" ON "activities" USING btree ("user_id","activity_type","day") WHERE "activities"."activity_type" = 'conversion_table';