CREATE TABLE "course_memory_models" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"parameters" double precision[],
	"new_reviews" integer DEFAULT 0 NOT NULL,
	"fitting_since" timestamp with time zone,
	"fitted_at" timestamp with time zone,
	"fitted_reviews" integer,
	"fit_outcome" text,
	"fit_error" text,
	"log_loss" double precision,
	"default_log_loss" double precision,
	"evaluated_reviews" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "course_memory_models" ADD CONSTRAINT "course_memory_models_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_memory_models_pending_idx" ON "course_memory_models" USING btree ("new_reviews");--> statement-breakpoint
-- The model that schedules each learner (db/queries/memory-models.ts): their own fitted
-- parameters; else, with fewer than MIN_REVIEWS_TO_FIT (400) reviews, the pooled parameters of a
-- course they are a student of (the largest pool); else the defaults (null).
CREATE VIEW "learner_models" AS
SELECT u.id AS user_id,
  coalesce(m.desired_retention, 0.9) AS desired_retention,
  CASE WHEN m.parameters IS NOT NULL THEN m.parameters
       WHEN coalesce(c.total, 0) < 400 THEN p.parameters END AS parameters,
  CASE WHEN m.parameters IS NOT NULL THEN 'own'
       WHEN coalesce(c.total, 0) < 400 AND p.parameters IS NOT NULL THEN 'pooled'
       ELSE 'defaults' END AS parameters_source,
  CASE WHEN m.parameters IS NULL AND coalesce(c.total, 0) < 400 THEN p.course_id END
    AS pooled_course_id
FROM users u
LEFT JOIN memory_models m ON m.user_id = u.id
LEFT JOIN review_counts c ON c.user_id = u.id
LEFT JOIN LATERAL (
  SELECT cm.course_id, cm.parameters
  FROM course_enrollments e
  JOIN course_memory_models cm ON cm.course_id = e.course_id AND cm.parameters IS NOT NULL
  WHERE e.user_id = u.id AND e.role = 'student'
  ORDER BY cm.fitted_reviews DESC, cm.course_id
  LIMIT 1
) p ON true;
