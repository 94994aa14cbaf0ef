-- Rebuilds books with the columns a search reads of every row it scans first: import_id (the
-- pending-import rule), search_text (partial words), title_vector and search_vector (word
-- prefixes), sort_title (new: the lower-cased title a search sorts its candidates by), then what a
-- page shows. A row is unpacked up to the last column a condition needs, and these were last,
-- behind three arrays: a partial-word search spent more time reaching import_id and search_text
-- than matching. And lower(title) computed for each of up to a thousand candidates cost a search
-- ~1.5 ms on the embedded database (its ctype is C.UTF-8: each call converts to wide characters);
-- the trigger now stores it once per write (decision 0013). PostgreSQL cannot move a column, so the
-- table is copied; its indexes, constraints and triggers are made again under their own names.
CREATE TABLE "books_rebuilt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"title_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"sort_title" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"publisher" text,
	"year" integer,
	"isbn" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"copies_total" integer NOT NULL,
	"copies_available" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_copies_check" CHECK (0 <= "books_rebuilt"."copies_available" and "books_rebuilt"."copies_available" <= "books_rebuilt"."copies_total")
);
--> statement-breakpoint
-- A plain copy: no trigger of books runs on books_rebuilt, so the search columns and book_count stay as they are.
INSERT INTO "books_rebuilt" ("id", "import_id", "search_text", "title_vector", "search_vector", "sort_title", "title", "authors", "subjects", "publisher", "year", "isbn", "tags", "copies_total", "copies_available", "created_at", "updated_at")
	SELECT "id", "import_id", "search_text", "title_vector", "search_vector", lower("title"), "title", "authors", "subjects", "publisher", "year", "isbn", "tags", "copies_total", "copies_available", "created_at", "updated_at" FROM "books";--> statement-breakpoint
ALTER TABLE "loans" DROP CONSTRAINT "loans_book_id_books_id_fk";--> statement-breakpoint
DROP TABLE "books";--> statement-breakpoint
ALTER TABLE "books_rebuilt" RENAME TO "books";--> statement-breakpoint
ALTER INDEX "books_rebuilt_pkey" RENAME TO "books_pkey";--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_import_id_book_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."book_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "books_isbn_key" ON "books" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "books_title_sort_idx" ON "books" USING btree ("sort_title" collate "C","id");--> statement-breakpoint
CREATE INDEX "books_search_vector_idx" ON "books" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "books_title_vector_idx" ON "books" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "books_search_text_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "books_import_idx" ON "books" USING btree ("import_id") WHERE "books"."import_id" is not null;--> statement-breakpoint
-- The search columns' function (migration 0002) now keeps sort_title too.
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
  NEW.sort_title := lower(NEW.title);
  RETURN NEW;
END
$$;--> statement-breakpoint
-- The triggers went with the old table; their functions (migrations 0001, 0002, above) did not.
CREATE TRIGGER "books_search_refresh" BEFORE INSERT OR UPDATE OF "title", "authors", "subjects", "tags", "publisher", "isbn" ON "books"
  FOR EACH ROW EXECUTE FUNCTION "books_search_refresh"();--> statement-breakpoint
CREATE TRIGGER "book_count_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS "new_books"
  FOR EACH STATEMENT EXECUTE FUNCTION "book_count_refresh"();--> statement-breakpoint
CREATE TRIGGER "book_count_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS "old_books"
  FOR EACH STATEMENT EXECUTE FUNCTION "book_count_refresh"();--> statement-breakpoint
CREATE TRIGGER "book_count_truncate" AFTER TRUNCATE ON "books"
  FOR EACH STATEMENT EXECUTE FUNCTION "book_count_refresh"();--> statement-breakpoint
ANALYZE "books";
