CREATE TABLE "memory_models" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"desired_retention" double precision DEFAULT 0.9 NOT NULL,
	"parameters" double precision[],
	"new_reviews" integer DEFAULT 0 NOT NULL,
	"fitting_since" timestamp with time zone,
	"fitted_at" timestamp with time zone,
	"fitted_reviews" integer,
	"fit_outcome" text,
	"log_loss" double precision,
	"default_log_loss" double precision,
	"evaluated_reviews" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_models_retention_range" CHECK ("memory_models"."desired_retention" >= 0.7 and "memory_models"."desired_retention" <= 0.97)
);
--> statement-breakpoint
ALTER TABLE "memory_models" ADD CONSTRAINT "memory_models_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_models_pending_idx" ON "memory_models" USING btree ("new_reviews");