CREATE TABLE "card_flag_names" (
	"user_id" integer NOT NULL,
	"flag" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "card_flag_names_user_id_flag_pk" PRIMARY KEY("user_id","flag"),
	CONSTRAINT "card_flag_names_flag_range" CHECK ("card_flag_names"."flag" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "card_flag_names" ADD CONSTRAINT "card_flag_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;