-- Every card has a note. The server's writers give one (insertCard, insertCards, notes); a card
-- inserted without note_id by any other writer (a bulk SQL load, a test's or the bench's seed)
-- becomes a `basic` note of its own here, as the migration made of the cards before it:
-- front and back HTML-escaped, line breaks as <br>. Writers that give note_id skip the trigger.
CREATE FUNCTION "memoria_text_to_html"(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT replace(replace(replace(replace(replace(t, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), E'\n', '<br>')
$$;--> statement-breakpoint
CREATE FUNCTION "cards_basic_note"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	NEW.front_html := memoria_text_to_html(NEW.front);
	NEW.back_html := memoria_text_to_html(NEW.back);
	INSERT INTO notes (desk_id, owner_id, stock_type, fields, created_at, updated_at)
	VALUES (NEW.desk_id, NEW.created_by, 'basic',
		jsonb_build_object('front', NEW.front_html, 'back', NEW.back_html), NEW.created_at, NEW.updated_at)
	RETURNING id INTO NEW.note_id;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "cards_basic_note" BEFORE INSERT ON "cards"
FOR EACH ROW WHEN (NEW.note_id IS NULL) EXECUTE FUNCTION "cards_basic_note"();
