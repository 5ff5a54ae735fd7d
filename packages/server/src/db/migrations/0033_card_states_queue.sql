-- IF EXISTS / IF NOT EXISTS: the kept counts' test runs this file again on a migrated database.
DROP INDEX IF EXISTS "card_schedules_due_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "card_schedules_desk_due_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "card_schedules_new_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "card_schedules_buried_idx" ON "card_schedules" USING btree ("user_id","buried_until") WHERE "card_schedules"."buried_until" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "card_schedules_due_idx" ON "card_schedules" USING btree ("user_id","due","card_id","desk_id","state","buried_until") WHERE "card_schedules"."state" <> 0 and not "card_schedules"."suspended";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "card_schedules_desk_due_idx" ON "card_schedules" USING btree ("user_id","desk_id","due","card_id","state","buried_until") WHERE "card_schedules"."state" <> 0 and not "card_schedules"."suspended";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "card_schedules_new_idx" ON "card_schedules" USING btree ("user_id","desk_id","card_id","buried_until") WHERE "card_schedules"."state" = 0 and not "card_schedules"."suspended";--> statement-breakpoint
-- The kept counts of the review queue (0022_schedule_counts_triggers.sql) leave suspended cards
-- out, as the queue's indexes now do: suspending is an UPDATE, so the change trigger moves the
-- card out of its count and unsuspending moves it back. Buried cards stay counted here (a burial
-- ends with the learner's day, which no statement marks): the queue subtracts those still buried.
CREATE OR REPLACE FUNCTION "schedule_counts_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "schedule_due_counts" AS c ("user_id", "kind", "bucket", "n")
  SELECT "user_id", "kind", "bucket", sum("n")::int FROM (
    SELECT "user_id", "schedule_kind"("state") AS "kind",
      "schedule_bucket"("state", "due") AS "bucket", -1 AS "n" FROM "before"
    WHERE "state" <> 0 AND NOT "suspended"
    UNION ALL
    SELECT "user_id", "schedule_kind"("state"),
      "schedule_bucket"("state", "due"), 1 FROM "after" WHERE "state" <> 0 AND NOT "suspended"
  ) d GROUP BY 1, 2, 3 HAVING sum("n") <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("user_id", "kind", "bucket") DO UPDATE SET "n" = c."n" + excluded."n";
  DELETE FROM "schedule_due_counts" c
  USING (SELECT DISTINCT "user_id", "schedule_kind"("state") AS "kind",
           "schedule_bucket"("state", "due") AS "bucket" FROM "before"
         WHERE "state" <> 0 AND NOT "suspended") k
  WHERE c."n" = 0 AND c."user_id" = k."user_id" AND c."kind" = k."kind" AND c."bucket" = k."bucket";
  INSERT INTO "schedule_new_counts" AS c ("user_id", "desk_id", "n")
  SELECT "user_id", "desk_id", sum("n")::int FROM (
    SELECT "user_id", "desk_id", -1 AS "n" FROM "before" WHERE "state" = 0 AND NOT "suspended"
    UNION ALL
    SELECT "user_id", "desk_id", 1 FROM "after" WHERE "state" = 0 AND NOT "suspended"
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
  FROM "after" WHERE "state" <> 0 AND NOT "suspended" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ("user_id", "kind", "bucket") DO UPDATE SET "n" = c."n" + excluded."n";
  INSERT INTO "schedule_new_counts" AS c ("user_id", "desk_id", "n")
  SELECT "user_id", "desk_id", count(*)::int FROM "after" WHERE "state" = 0 AND NOT "suspended"
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
      "schedule_bucket"("state", "due") FROM "before" WHERE "state" <> 0 AND NOT "suspended")
  ORDER BY c."user_id", c."kind", c."bucket" FOR UPDATE OF c;
  UPDATE "schedule_due_counts" c SET "n" = c."n" - g."n"
  FROM (SELECT "user_id", "schedule_kind"("state") AS "kind",
          "schedule_bucket"("state", "due") AS "bucket", count(*)::int AS "n"
        FROM "before" WHERE "state" <> 0 AND NOT "suspended" GROUP BY 1, 2, 3) g
  WHERE c."user_id" = g."user_id" AND c."kind" = g."kind" AND c."bucket" = g."bucket";
  DELETE FROM "schedule_due_counts" c
  WHERE c."n" <= 0 AND (c."user_id", c."kind", c."bucket") IN (
    SELECT "user_id", "schedule_kind"("state"),
      "schedule_bucket"("state", "due") FROM "before" WHERE "state" <> 0 AND NOT "suspended");
  UPDATE "schedule_new_counts" c SET "n" = c."n" - g."n"
  FROM (SELECT "user_id", "desk_id", count(*)::int AS "n" FROM "before"
        WHERE "state" = 0 AND NOT "suspended" GROUP BY 1, 2) g
  WHERE c."user_id" = g."user_id" AND c."desk_id" = g."desk_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- No card was suspended before this release (the column came with 0031 and nothing wrote it),
-- so the kept counts are already right; they are rebuilt anyway for a database that did.
DELETE FROM "schedule_due_counts";
--> statement-breakpoint
INSERT INTO "schedule_due_counts" ("user_id", "kind", "bucket", "n")
SELECT "user_id", "schedule_kind"("state"),
  "schedule_bucket"("state", "due"), count(*)::int
FROM "card_schedules" WHERE "state" <> 0 AND NOT "suspended" GROUP BY 1, 2, 3;
--> statement-breakpoint
DELETE FROM "schedule_new_counts";
--> statement-breakpoint
INSERT INTO "schedule_new_counts" ("user_id", "desk_id", "n")
SELECT "user_id", "desk_id", count(*)::int FROM "card_schedules"
WHERE "state" = 0 AND NOT "suspended" GROUP BY 1, 2;
