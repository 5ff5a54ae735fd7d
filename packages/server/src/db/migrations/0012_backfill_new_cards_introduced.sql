-- Today's counters of new cards introduced, for the day this is deployed. 0005 created
-- new_cards_introduced empty, so on the day it reached a database every learner's allowance
-- started again from zero and the cards they had already introduced that day were counted twice.
-- A card's schedule keeps when the learner first rated it (introduced_at, written by the rating and
-- put back by undo, which also deletes that rating's log row), so each learner's count of their
-- own today (in their stored time zone, as the rating counts it) is recomputed from it. A count is
-- replaced, never added to, so this is right whether counters were kept part of the day or not.
-- Zones PostgreSQL does not know are left out rather than failing the start (the materialized
-- list keeps them away from AT TIME ZONE, whatever order the planner evaluates conditions in).
WITH "zoned" AS MATERIALIZED (
  SELECT u."id", u."timezone" FROM "users" u
  WHERE u."timezone" IN (SELECT "name" FROM pg_timezone_names)
)
INSERT INTO "new_cards_introduced" ("user_id", "day", "desk_id", "count")
SELECT s."user_id", (s."introduced_at" AT TIME ZONE u."timezone")::date, s."desk_id", count(*)::int
FROM "card_schedules" s
JOIN "zoned" u ON u."id" = s."user_id"
WHERE s."introduced_at" > now() - interval '2 days'
  AND (s."introduced_at" AT TIME ZONE u."timezone")::date = (now() AT TIME ZONE u."timezone")::date
GROUP BY 1, 2, 3
ON CONFLICT ("user_id", "day", "desk_id") DO UPDATE SET "count" = excluded."count";
