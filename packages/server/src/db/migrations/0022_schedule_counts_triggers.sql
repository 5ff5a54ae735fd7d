-- Keeps schedule_due_counts and schedule_new_counts (the review queue's counts) equal to
-- card_schedules, in the transaction of whatever writes it: ratings, undo, a same-day repeat,
-- cards added and deleted, a desk shared or deleted, an Anki import, and the rows a deleted
-- account takes with it by cascade. Statement-level triggers read the statement's old and new rows
-- once, so a thousand-row statement costs one grouped upsert. Rows are upserted in key order, so
-- two statements that touch the same learners' counts wait for each other instead of deadlocking.
-- CREATE OR REPLACE throughout: running this file again (its test does) changes nothing.

-- The kind of a rated card's count (2 review, 1 learning or relearning step) and the bucket of
-- its due time: review cards by the UTC hour, steps (due at their exact time) by the minute.
-- queue.ts reads them with the same numbers.
CREATE OR REPLACE FUNCTION "schedule_kind"("state" smallint) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN "state" = 2 THEN 2 ELSE 1 END)::smallint
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "schedule_bucket"("state" smallint, "due" timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (floor(extract(epoch FROM "due") / CASE WHEN "state" = 2 THEN 3600 ELSE 60 END))::int
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "schedule_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "schedule_due_counts" AS c ("user_id", "kind", "bucket", "n")
  SELECT "user_id", "kind", "bucket", sum("n")::int FROM (
    SELECT "user_id", "schedule_kind"("state") AS "kind",
      "schedule_bucket"("state", "due") AS "bucket", -1 AS "n" FROM "before" WHERE "state" <> 0
    UNION ALL
    SELECT "user_id", "schedule_kind"("state"),
      "schedule_bucket"("state", "due"), 1 FROM "after" WHERE "state" <> 0
  ) d GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("user_id", "kind", "bucket") DO UPDATE SET "n" = c."n" + excluded."n";
  DELETE FROM "schedule_due_counts" c
  USING (SELECT DISTINCT "user_id", "schedule_kind"("state") AS "kind",
           "schedule_bucket"("state", "due") AS "bucket" FROM "before" WHERE "state" <> 0) k
  WHERE c."n" = 0 AND c."user_id" = k."user_id" AND c."kind" = k."kind" AND c."bucket" = k."bucket";
  INSERT INTO "schedule_new_counts" AS c ("user_id", "desk_id", "n")
  SELECT "user_id", "desk_id", sum("n")::int FROM (
    SELECT "user_id", "desk_id", -1 AS "n" FROM "before" WHERE "state" = 0
    UNION ALL
    SELECT "user_id", "desk_id", 1 FROM "after" WHERE "state" = 0
  ) d GROUP BY 1, 2 HAVING sum("n") <> 0 ORDER BY 1, 2
  ON CONFLICT ("user_id", "desk_id") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "schedule_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "schedule_due_counts" AS c ("user_id", "kind", "bucket", "n")
  SELECT "user_id", "schedule_kind"("state"),
    "schedule_bucket"("state", "due"), count(*)::int
  FROM "after" WHERE "state" <> 0 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("user_id", "kind", "bucket") DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "schedule_new_counts" AS c ("user_id", "desk_id", "n")
  SELECT "user_id", "desk_id", count(*)::int FROM "after" WHERE "state" = 0
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT ("user_id", "desk_id") DO UPDATE SET "n" = c."n" + excluded."n";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "schedule_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "before") THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "schedule_due_counts" c
  WHERE (c."user_id", c."kind", c."bucket") IN (
    SELECT "user_id", "schedule_kind"("state"),
      "schedule_bucket"("state", "due") FROM "before" WHERE "state" <> 0)
  ORDER BY c."user_id", c."kind", c."bucket" FOR UPDATE OF c;
  UPDATE "schedule_due_counts" c SET "n" = c."n" - g."n"
  FROM (SELECT "user_id", "schedule_kind"("state") AS "kind",
          "schedule_bucket"("state", "due") AS "bucket", count(*)::int AS "n"
        FROM "before" WHERE "state" <> 0 GROUP BY 1, 2, 3) g
  WHERE c."user_id" = g."user_id" AND c."kind" = g."kind" AND c."bucket" = g."bucket";
  DELETE FROM "schedule_due_counts" c
  WHERE c."n" <= 0 AND (c."user_id", c."kind", c."bucket") IN (
    SELECT "user_id", "schedule_kind"("state"),
      "schedule_bucket"("state", "due") FROM "before" WHERE "state" <> 0);
  UPDATE "schedule_new_counts" c SET "n" = c."n" - g."n"
  FROM (SELECT "user_id", "desk_id", count(*)::int AS "n" FROM "before" WHERE "state" = 0 GROUP BY 1, 2) g
  WHERE c."user_id" = g."user_id" AND c."desk_id" = g."desk_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "schedule_counts_add" AFTER INSERT ON "card_schedules"
  REFERENCING NEW TABLE AS "after" FOR EACH STATEMENT EXECUTE FUNCTION "schedule_counts_add"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "schedule_counts_change" AFTER UPDATE ON "card_schedules"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after"
  FOR EACH STATEMENT EXECUTE FUNCTION "schedule_counts_change"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "schedule_counts_remove" AFTER DELETE ON "card_schedules"
  REFERENCING OLD TABLE AS "before" FOR EACH STATEMENT EXECUTE FUNCTION "schedule_counts_remove"();
--> statement-breakpoint
-- The counts of the schedules the database already has, after the triggers: CREATE TRIGGER's
-- lock on card_schedules keeps every writer out until the migrations commit. Replaced, not added
-- to, so that running this file again changes nothing.
DELETE FROM "schedule_due_counts";
--> statement-breakpoint
INSERT INTO "schedule_due_counts" ("user_id", "kind", "bucket", "n")
SELECT "user_id", "schedule_kind"("state"),
  "schedule_bucket"("state", "due"), count(*)::int
FROM "card_schedules" WHERE "state" <> 0 GROUP BY 1, 2, 3;
--> statement-breakpoint
DELETE FROM "schedule_new_counts";
--> statement-breakpoint
INSERT INTO "schedule_new_counts" ("user_id", "desk_id", "n")
SELECT "user_id", "desk_id", count(*)::int FROM "card_schedules" WHERE "state" = 0 GROUP BY 1, 2;
