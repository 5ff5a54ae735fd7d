CREATE TABLE "major_table_words" (
	"user_id" integer NOT NULL,
	"language" text NOT NULL,
	"digits" text NOT NULL,
	"word" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "major_table_words_user_id_language_digits_pk" PRIMARY KEY("user_id","language","digits")
);
--> statement-breakpoint
ALTER TABLE "major_table_words" ADD CONSTRAINT "major_table_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;