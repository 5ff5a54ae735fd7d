CREATE TYPE "public"."invitation_type" AS ENUM('enterprise', 'teacher');--> statement-breakpoint
CREATE TABLE "enterprise_teacher_relationships" (
	"id" serial PRIMARY KEY NOT NULL,
	"enterprise_owner_id" integer NOT NULL,
	"teacher_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_code_misses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" "invitation_type" NOT NULL,
	"plan_type" "account_type" NOT NULL,
	"email" text,
	"created_by" integer NOT NULL,
	"used_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "invitations_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "teacher_student_relationships" (
	"id" serial PRIMARY KEY NOT NULL,
	"teacher_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enterprise_teacher_relationships" ADD CONSTRAINT "enterprise_teacher_relationships_enterprise_owner_id_users_id_fk" FOREIGN KEY ("enterprise_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enterprise_teacher_relationships" ADD CONSTRAINT "enterprise_teacher_relationships_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_student_relationships" ADD CONSTRAINT "teacher_student_relationships_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teacher_student_relationships" ADD CONSTRAINT "teacher_student_relationships_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "enterprise_teacher_pair_key" ON "enterprise_teacher_relationships" USING btree ("enterprise_owner_id","teacher_id");--> statement-breakpoint
CREATE INDEX "enterprise_teacher_teacher_idx" ON "enterprise_teacher_relationships" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "invitation_code_misses_ip_idx" ON "invitation_code_misses" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "invitations_creator_idx" ON "invitations" USING btree ("created_by","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "teacher_student_pair_key" ON "teacher_student_relationships" USING btree ("teacher_id","student_id");--> statement-breakpoint
CREATE INDEX "teacher_student_student_idx" ON "teacher_student_relationships" USING btree ("student_id");