CREATE TABLE "training_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"discipline" text NOT NULL,
	"variant" text NOT NULL,
	"options" jsonb NOT NULL,
	"seed" integer NOT NULL,
	"content" jsonb NOT NULL,
	"max_score" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"memorize_ends_at" timestamp with time zone NOT NULL,
	"recall_ends_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"answers" jsonb,
	"result" jsonb,
	"score" integer,
	"memorize_ms" integer,
	"late" boolean DEFAULT false NOT NULL,
	"personal_best" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_attempts" ADD CONSTRAINT "training_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_attempts_user_idx" ON "training_attempts" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "training_attempts_best_idx" ON "training_attempts" USING btree ("user_id","variant","score");