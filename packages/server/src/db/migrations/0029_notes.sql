CREATE TABLE "note_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"fields" text[] NOT NULL,
	"front_template" text NOT NULL,
	"back_template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"desk_id" integer NOT NULL,
	"owner_id" integer,
	"stock_type" text,
	"note_type_id" integer,
	"fields" jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_one_type" CHECK (("notes"."stock_type" is null) <> ("notes"."note_type_id" is null))
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "note_id" integer;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "ordinal" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "front_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "back_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "note_types" ADD CONSTRAINT "note_types_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_note_type_id_note_types_id_fk" FOREIGN KEY ("note_type_id") REFERENCES "public"."note_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_types_owner_idx" ON "note_types" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "notes_desk_idx" ON "notes" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "notes_note_type_idx" ON "notes" USING btree ("note_type_id");--> statement-breakpoint
-- Every existing card becomes a `basic` note of its own (its front and back, HTML-escaped, with
-- line breaks as <br>), so that every card has a note and note_id can be NOT NULL.
UPDATE "cards" SET
	"note_id" = nextval(pg_get_serial_sequence('notes', 'id')),
	"front_html" = replace(replace(replace(replace(replace("front", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), E'\n', '<br>'),
	"back_html" = replace(replace(replace(replace(replace("back", '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), E'\n', '<br>');--> statement-breakpoint
INSERT INTO "notes" ("id", "desk_id", "owner_id", "stock_type", "fields", "created_at", "updated_at")
SELECT c."note_id", c."desk_id", coalesce(c."created_by", d."owner_id"), 'basic',
	jsonb_build_object('front', c."front_html", 'back', c."back_html"), c."created_at", c."updated_at"
FROM "cards" c JOIN "desks" d ON d."id" = c."desk_id";--> statement-breakpoint
ALTER TABLE "cards" ALTER COLUMN "note_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_note_id_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_note_ordinal_idx" ON "cards" USING btree ("note_id","ordinal");