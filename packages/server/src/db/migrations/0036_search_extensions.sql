-- The card browser's search (docs/features/search.md): pg_trgm lets the words of a query use a
-- trigram index on the cards' text; unaccent serves `nc:`. Both ship with PostgreSQL (contrib)
-- and are trusted extensions, so the database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
