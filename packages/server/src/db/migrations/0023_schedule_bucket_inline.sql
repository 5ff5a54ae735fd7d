-- schedule_bucket again, as an expression PostgreSQL inlines into the triggers' statements.
-- `extract(epoch FROM timestamptz)` is STABLE (other fields depend on the session's time zone),
-- and an IMMUTABLE SQL function whose body calls a STABLE one is not inlined: each of the three
-- calls a rating's trigger makes, and each row of an import, ran as a function call of its own.
-- A difference of two timestamptz is an interval whatever the time zone, and its epoch is
-- IMMUTABLE; it is the same number of seconds, so every bucket keeps its value.
CREATE OR REPLACE FUNCTION "schedule_bucket"("state" smallint, "due" timestamptz) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (floor(extract(epoch FROM ("due" - timestamptz '1970-01-01 00:00:00+00'))
    / CASE WHEN "state" = 2 THEN 3600 ELSE 60 END))::int
$$;
