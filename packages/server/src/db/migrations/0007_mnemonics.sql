CREATE TABLE "macro_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "macro_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"storyboard" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "macro_chats" ADD CONSTRAINT "macro_chats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "macro_messages" ADD CONSTRAINT "macro_messages_chat_id_macro_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."macro_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "macro_chats_user_updated_idx" ON "macro_chats" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "macro_messages_chat_idx" ON "macro_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "activities_chat_day_key" ON "activities" USING btree ("user_id","activity_type","day","chat_id") WHERE "activities"."chat_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_conversion_day_key" ON "activities" USING btree ("user_id","day") WHERE "activities"."activity_type" = 'conversion_table';