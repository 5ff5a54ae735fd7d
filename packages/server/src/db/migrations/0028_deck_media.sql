CREATE TABLE "desk_media" (
	"desk_id" integer NOT NULL,
	"media_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desk_media_desk_id_media_hash_pk" PRIMARY KEY("desk_id","media_hash")
);
--> statement-breakpoint
CREATE TABLE "media" (
	"hash" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_hash_sha256" CHECK ("media"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "desk_media" ADD CONSTRAINT "desk_media_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_media" ADD CONSTRAINT "desk_media_media_hash_media_hash_fk" FOREIGN KEY ("media_hash") REFERENCES "public"."media"("hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_media_hash_idx" ON "desk_media" USING btree ("media_hash");