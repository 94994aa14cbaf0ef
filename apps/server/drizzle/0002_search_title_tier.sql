-- Search ranks title matches first; a title-only tsvector lets it fetch them as their own tier
-- (decision 0013). Column, then the trigger that fills it, then the backfill, then the index
-- (building the index once after the backfill is cheaper than updating it row by row).
ALTER TABLE "books" ADD COLUMN "title_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "books_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.title, array_to_string(NEW.authors, ' '), array_to_string(NEW.subjects, ' '),
    array_to_string(NEW.tags, ' '), NEW.publisher, NEW.isbn));
  NEW.title_vector := to_tsvector('simple', NEW.title);
  NEW.search_vector :=
    setweight(NEW.title_vector, 'A') ||
    setweight(to_tsvector('simple', array_to_string(NEW.authors, ' ')), 'B') ||
    setweight(to_tsvector('simple', array_to_string(NEW.subjects, ' ') || ' ' || array_to_string(NEW.tags, ' ')), 'C') ||
    setweight(to_tsvector('simple', coalesce(NEW.publisher, '') || ' ' || coalesce(NEW.isbn, '')), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "books" SET "title_vector" = to_tsvector('simple', "title");--> statement-breakpoint
CREATE INDEX "books_title_vector_idx" ON "books" USING gin ("title_vector");
