CREATE TABLE "schedule_due_counts" (
	"user_id" integer NOT NULL,
	"kind" smallint NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "schedule_due_counts_user_id_kind_bucket_pk" PRIMARY KEY("user_id","kind","bucket")
);
--> statement-breakpoint
CREATE TABLE "schedule_new_counts" (
	"user_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "schedule_new_counts_user_id_desk_id_pk" PRIMARY KEY("user_id","desk_id")
);
--> statement-breakpoint
ALTER TABLE "schedule_due_counts" ADD CONSTRAINT "schedule_due_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_new_counts" ADD CONSTRAINT "schedule_new_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_new_counts" ADD CONSTRAINT "schedule_new_counts_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;