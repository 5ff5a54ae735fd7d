CREATE TABLE "desk_exams" (
	"user_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	CONSTRAINT "desk_exams_user_id_desk_id_pk" PRIMARY KEY("user_id","desk_id")
);
--> statement-breakpoint
CREATE TABLE "reschedule_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"moves" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "desk_exams" ADD CONSTRAINT "desk_exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_exams" ADD CONSTRAINT "desk_exams_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reschedule_batches" ADD CONSTRAINT "reschedule_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_exams_desk_idx" ON "desk_exams" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "reschedule_batches_user_idx" ON "reschedule_batches" USING btree ("user_id","id");