ALTER TABLE "live_quizzes" ADD COLUMN "moved_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Quizzes open before this column: their last known move (a question opened, else creation).
UPDATE "live_quizzes" SET "moved_at" = coalesce("question_started_at", "created_at") WHERE "status" <> 'finished';
