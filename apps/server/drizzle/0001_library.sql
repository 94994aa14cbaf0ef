-- pg_trgm backs the partial-word search (GIN on books.search_text); PGlite loads it in src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "book_count" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_count_single_row" CHECK ("book_count"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "books" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"authors" text[] DEFAULT '{}'::text[] NOT NULL,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"publisher" text,
	"year" integer,
	"isbn" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"copies_total" integer NOT NULL,
	"copies_available" integer NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "books_copies_check" CHECK (0 <= "books"."copies_available" and "books"."copies_available" <= "books"."copies_total")
);
--> statement-breakpoint
CREATE TABLE "library_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"loan_period_days" integer DEFAULT 14 NOT NULL,
	"fine_per_day_paise" integer DEFAULT 200 NOT NULL,
	"grace_days" integer DEFAULT 0 NOT NULL,
	"max_fine_paise" integer DEFAULT 20000 NOT NULL,
	"max_active_loans" integer DEFAULT 5 NOT NULL,
	"renewals_allowed" integer DEFAULT 2 NOT NULL,
	"fines_block_paise" integer DEFAULT 50000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "library_settings_single_row" CHECK ("library_settings"."id" = 1),
	CONSTRAINT "library_settings_ranges" CHECK ("library_settings"."loan_period_days" >= 1 and "library_settings"."fine_per_day_paise" >= 0 and "library_settings"."grace_days" >= 0 and "library_settings"."max_fine_paise" >= 0 and "library_settings"."max_active_loans" >= 1 and "library_settings"."renewals_allowed" >= 0 and "library_settings"."fines_block_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"issued_by" uuid,
	"issued_on" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" timestamp with time zone NOT NULL,
	"renewals" integer DEFAULT 0 NOT NULL,
	"returned_on" timestamp with time zone,
	"returned_by" uuid,
	"fine_paise" integer,
	"fine_paid_at" timestamp with time zone,
	"fine_waived_at" timestamp with time zone,
	"fine_settled_by" uuid,
	CONSTRAINT "loans_renewals_check" CHECK ("loans"."renewals" >= 0),
	CONSTRAINT "loans_fine_check" CHECK ("loans"."fine_paise" is null or "loans"."fine_paise" >= 0),
	CONSTRAINT "loans_fine_settled_once" CHECK ("loans"."fine_paid_at" is null or "loans"."fine_waived_at" is null),
	CONSTRAINT "loans_returned_after_issue" CHECK ("loans"."returned_on" is null or "loans"."returned_on" >= "loans"."issued_on")
);
--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_fine_settled_by_users_id_fk" FOREIGN KEY ("fine_settled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "books_isbn_key" ON "books" USING btree ("isbn");--> statement-breakpoint
CREATE INDEX "books_title_sort_idx" ON "books" USING btree (lower("title") collate "C","id");--> statement-breakpoint
CREATE INDEX "books_search_vector_idx" ON "books" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "books_search_text_trgm_idx" ON "books" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_active_per_member_book" ON "loans" USING btree ("user_id","book_id") WHERE "loans"."returned_on" is null;--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","issued_on");--> statement-breakpoint
CREATE INDEX "loans_book_idx" ON "loans" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "loans_active_due_idx" ON "loans" USING btree ("due_on") WHERE "loans"."returned_on" is null;--> statement-breakpoint
-- Keeps books.search_text and books.search_vector in step with the catalogue fields, for every writer.
CREATE FUNCTION "books_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', NEW.title, array_to_string(NEW.authors, ' '), array_to_string(NEW.subjects, ' '),
    array_to_string(NEW.tags, ' '), NEW.publisher, NEW.isbn));
  NEW.search_vector :=
    setweight(to_tsvector('simple', NEW.title), 'A') ||
    setweight(to_tsvector('simple', array_to_string(NEW.authors, ' ')), 'B') ||
    setweight(to_tsvector('simple', array_to_string(NEW.subjects, ' ') || ' ' || array_to_string(NEW.tags, ' ')), 'C') ||
    setweight(to_tsvector('simple', coalesce(NEW.publisher, '') || ' ' || coalesce(NEW.isbn, '')), 'D');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "books_search_refresh" BEFORE INSERT OR UPDATE OF "title", "authors", "subjects", "tags", "publisher", "isbn" ON "books"
  FOR EACH ROW EXECUTE FUNCTION "books_search_refresh"();--> statement-breakpoint
-- The one settings row, with the default circulation rules.
INSERT INTO "library_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- book_count.n is the exact number of books, kept by statement-level triggers (one UPDATE per statement).
INSERT INTO "book_count" ("id", "n") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "book_count_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "book_count" SET "n" = "n" + (SELECT count(*) FROM "new_books") WHERE "id" = 1;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "book_count" SET "n" = "n" - (SELECT count(*) FROM "old_books") WHERE "id" = 1;
  ELSE
    UPDATE "book_count" SET "n" = 0 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "book_count_insert" AFTER INSERT ON "books" REFERENCING NEW TABLE AS "new_books"
  FOR EACH STATEMENT EXECUTE FUNCTION "book_count_refresh"();--> statement-breakpoint
CREATE TRIGGER "book_count_delete" AFTER DELETE ON "books" REFERENCING OLD TABLE AS "old_books"
  FOR EACH STATEMENT EXECUTE FUNCTION "book_count_refresh"();--> statement-breakpoint
CREATE TRIGGER "book_count_truncate" AFTER TRUNCATE ON "books"
  FOR EACH STATEMENT EXECUTE FUNCTION "book_count_refresh"();
