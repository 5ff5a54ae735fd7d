-- Keeps review_counts (each learner's number of review_logs rows) equal to the log, in the
-- transaction of whatever writes it: ratings, undo, an Anki import's history, and the rows a
-- deleted card, desk or account takes with it by cascade. Statement-level triggers read the
-- statement's inserted or deleted rows once, so a thousand-row import statement costs one grouped
-- upsert, and a statement that touched no row (a cascade from a card nobody rated) returns at once.
-- CREATE OR REPLACE throughout: running this file again (its test does) changes nothing.
CREATE OR REPLACE FUNCTION "review_counts_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "review_counts" ("user_id", "total")
  SELECT "user_id", count(*)::int FROM "added" GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "total" = "review_counts"."total" + excluded."total";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "review_counts_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "removed") THEN
    RETURN NULL;
  END IF;
  -- The learners' rows locked in id order first: two deletions of desks that the same learners
  -- rated then wait for each other instead of deadlocking.
  PERFORM 1 FROM "review_counts"
  WHERE "user_id" IN (SELECT "user_id" FROM "removed") ORDER BY "user_id" FOR UPDATE;
  UPDATE "review_counts" c SET "total" = c."total" - r."n"
  FROM (SELECT "user_id", count(*)::int AS "n" FROM "removed" GROUP BY "user_id") r
  WHERE c."user_id" = r."user_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "review_counts_add" AFTER INSERT ON "review_logs"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "review_counts_add"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "review_counts_remove" AFTER DELETE ON "review_logs"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "review_counts_remove"();
--> statement-breakpoint
-- The counts of the logs the database already has, after the triggers: CREATE TRIGGER's lock on
-- review_logs keeps every writer out until the migrations commit, so no rating falls between the
-- count and the triggers. Counts are replaced, not added to.
INSERT INTO "review_counts" ("user_id", "total")
SELECT "user_id", count(*)::int FROM "review_logs" GROUP BY "user_id"
ON CONFLICT ("user_id") DO UPDATE SET "total" = excluded."total";
--> statement-breakpoint
UPDATE "review_counts" c SET "total" = 0
WHERE c."total" <> 0 AND NOT EXISTS (SELECT 1 FROM "review_logs" l WHERE l."user_id" = c."user_id");
