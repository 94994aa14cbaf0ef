CREATE SEQUENCE "public"."library_accession_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "library_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"book_id" uuid NOT NULL,
	"accession" text NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"shelf" text,
	"acquired_on" date,
	"price_paise" integer,
	"batch" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_copies_status_check" CHECK ("library_copies"."status" in ('available', 'on_loan', 'on_hold_shelf', 'lost', 'damaged', 'withdrawn')),
	CONSTRAINT "library_copies_price_check" CHECK ("library_copies"."price_paise" is null or "library_copies"."price_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "library_settings" DROP CONSTRAINT "library_settings_ranges";--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "accession_prefix" text DEFAULT 'ACC' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "replacement_paise" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "copy_id" uuid;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "fine_kind" text DEFAULT 'overdue' NOT NULL;--> statement-breakpoint
ALTER TABLE "library_copies" ADD CONSTRAINT "library_copies_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_copies_accession_key" ON "library_copies" USING btree ("accession");--> statement-breakpoint
CREATE INDEX "library_copies_book_status_idx" ON "library_copies" USING btree ("book_id","status");--> statement-breakpoint
CREATE INDEX "library_copies_batch_idx" ON "library_copies" USING btree ("batch") WHERE "library_copies"."batch" is not null;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_copy_id_library_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."library_copies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_active_per_copy" ON "loans" USING btree ("copy_id") WHERE "loans"."returned_on" is null;--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_ranges" CHECK ("library_settings"."loan_period_days" >= 1 and "library_settings"."fine_per_day_paise" >= 0 and "library_settings"."grace_days" >= 0 and "library_settings"."max_fine_paise" >= 0 and "library_settings"."max_active_loans" >= 1 and "library_settings"."renewals_allowed" >= 0 and "library_settings"."fines_block_paise" >= 0 and "library_settings"."replacement_paise" >= 0);--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_fine_kind_check" CHECK ("loans"."fine_kind" in ('overdue', 'replacement'));--> statement-breakpoint
-- Every book's count becomes numbered copies (decision 0051), ACC-000001 onwards in catalogue
-- order: as many on loan as the book had copies out, the rest available.
INSERT INTO "library_copies" ("book_id", "accession", "status")
SELECT b.id,
  'ACC-' || lpad((row_number() OVER (ORDER BY b.sort_title COLLATE "C", b.id, g.n))::text, 6, '0'),
  CASE WHEN g.n <= b.copies_total - b.copies_available THEN 'on_loan' ELSE 'available' END
FROM "books" b CROSS JOIN LATERAL generate_series(1, b.copies_total) AS g(n);--> statement-breakpoint
-- A book whose every copy went (total 0) but whose old loans remain keeps one withdrawn copy for them.
INSERT INTO "library_copies" ("book_id", "accession", "status")
SELECT b.id, 'ACC-' || lpad(((SELECT count(*) FROM "library_copies") + row_number() OVER (ORDER BY b.id))::text, 6, '0'), 'withdrawn'
FROM "books" b
WHERE EXISTS (SELECT 1 FROM "loans" l WHERE l.book_id = b.id) AND NOT EXISTS (SELECT 1 FROM "library_copies" c WHERE c.book_id = b.id);--> statement-breakpoint
SELECT setval('library_accession_seq', greatest((SELECT count(*) FROM "library_copies"), 1), (SELECT count(*) FROM "library_copies") > 0);--> statement-breakpoint
-- Open loans take the book's copies on loan one each; returned loans point at the book's first copy.
WITH l AS (SELECT id, book_id, row_number() OVER (PARTITION BY book_id ORDER BY issued_on, id) AS n FROM "loans" WHERE returned_on IS NULL),
  c AS (SELECT id, book_id, row_number() OVER (PARTITION BY book_id ORDER BY accession) AS n FROM "library_copies" WHERE status = 'on_loan')
UPDATE "loans" SET copy_id = c.id FROM l JOIN c ON c.book_id = l.book_id AND c.n = l.n WHERE "loans".id = l.id;--> statement-breakpoint
UPDATE "loans" SET copy_id = (SELECT c.id FROM "library_copies" c WHERE c.book_id = "loans".book_id ORDER BY c.accession LIMIT 1) WHERE copy_id IS NULL;--> statement-breakpoint
ALTER TABLE "loans" ALTER COLUMN "copy_id" SET NOT NULL;--> statement-breakpoint
-- The book's counts follow its copies, for every writer: one statement-level trigger per event,
-- with the changed rows as transition tables (a bulk insert of 100k copies is one UPDATE of books).
-- A restore brings the books with their counts already (db/backup.ts sets crs.restoring).
CREATE FUNCTION "library_copies_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('crs.restoring', true), '') = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    UPDATE books b SET copies_total = b.copies_total + d.t, copies_available = b.copies_available + d.a
    FROM (SELECT book_id, count(*) FILTER (WHERE status NOT IN ('lost', 'withdrawn')) AS t, count(*) FILTER (WHERE status = 'available') AS a
          FROM new_copies GROUP BY book_id) d
    WHERE b.id = d.book_id AND (d.t <> 0 OR d.a <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE books b SET copies_total = b.copies_total - d.t, copies_available = b.copies_available - d.a
    FROM (SELECT book_id, count(*) FILTER (WHERE status NOT IN ('lost', 'withdrawn')) AS t, count(*) FILTER (WHERE status = 'available') AS a
          FROM old_copies GROUP BY book_id) d
    WHERE b.id = d.book_id AND (d.t <> 0 OR d.a <> 0);
  ELSE
    UPDATE books b SET copies_total = b.copies_total + d.t, copies_available = b.copies_available + d.a
    FROM (SELECT book_id, sum(t)::int AS t, sum(a)::int AS a FROM (
            SELECT book_id, (status NOT IN ('lost', 'withdrawn'))::int AS t, (status = 'available')::int AS a FROM new_copies
            UNION ALL
            SELECT book_id, -((status NOT IN ('lost', 'withdrawn'))::int), -((status = 'available')::int) FROM old_copies) x
          GROUP BY book_id) d
    WHERE b.id = d.book_id AND (d.t <> 0 OR d.a <> 0);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "library_copies_counts_insert" AFTER INSERT ON "library_copies" REFERENCING NEW TABLE AS "new_copies"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_copies_counts"();--> statement-breakpoint
CREATE TRIGGER "library_copies_counts_update" AFTER UPDATE ON "library_copies" REFERENCING OLD TABLE AS "old_copies" NEW TABLE AS "new_copies"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_copies_counts"();--> statement-breakpoint
CREATE TRIGGER "library_copies_counts_delete" AFTER DELETE ON "library_copies" REFERENCING OLD TABLE AS "old_copies"
  FOR EACH STATEMENT EXECUTE FUNCTION "library_copies_counts"();
