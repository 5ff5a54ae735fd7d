CREATE TABLE "live_quiz_answers" (
	"quiz_id" integer NOT NULL,
	"question_index" integer NOT NULL,
	"user_id" integer NOT NULL,
	"option" smallint NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer NOT NULL,
	"answer_ms" integer NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_quiz_answers_quiz_id_question_index_user_id_pk" PRIMARY KEY("quiz_id","question_index","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_quiz_players" (
	"quiz_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_quiz_players_quiz_id_user_id_pk" PRIMARY KEY("quiz_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "live_quiz_questions" (
	"quiz_id" integer NOT NULL,
	"index" integer NOT NULL,
	"card_id" integer NOT NULL,
	"prompt" text NOT NULL,
	"options" jsonb NOT NULL,
	"correct_option" smallint NOT NULL,
	CONSTRAINT "live_quiz_questions_quiz_id_index_pk" PRIMARY KEY("quiz_id","index")
);
--> statement-breakpoint
CREATE TABLE "live_quizzes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"created_by" integer,
	"code" text NOT NULL,
	"status" text DEFAULT 'lobby' NOT NULL,
	"question_index" integer DEFAULT -1 NOT NULL,
	"question_count" integer NOT NULL,
	"seconds_per_question" integer NOT NULL,
	"question_started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "live_quizzes_status_check" CHECK (status in ('lobby', 'question', 'reveal', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "live_quiz_answers" ADD CONSTRAINT "live_quiz_answers_quiz_id_live_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."live_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quiz_answers" ADD CONSTRAINT "live_quiz_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quiz_players" ADD CONSTRAINT "live_quiz_players_quiz_id_live_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."live_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quiz_players" ADD CONSTRAINT "live_quiz_players_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quiz_questions" ADD CONSTRAINT "live_quiz_questions_quiz_id_live_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."live_quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quiz_questions" ADD CONSTRAINT "live_quiz_questions_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quizzes" ADD CONSTRAINT "live_quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quizzes" ADD CONSTRAINT "live_quizzes_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_quizzes" ADD CONSTRAINT "live_quizzes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_quizzes_open_code_idx" ON "live_quizzes" USING btree ("code") WHERE status <> 'finished';--> statement-breakpoint
CREATE INDEX "live_quizzes_course_idx" ON "live_quizzes" USING btree ("course_id");