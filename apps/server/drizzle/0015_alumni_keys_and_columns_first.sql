-- Rebuilds alumni with what a search or a filter reads of every row first (import_id, visibility,
-- search_text, then the new department_key and name_key, graduation_year, created_at) and the
-- lower-cased keys stored by the trigger. On the embedded database `lower()` converts through wide
-- characters (C.UTF-8 ctype, ~1 µs a call): a faculty member's department filter counted its
-- matches with a sequential scan computing lower(department) for ~7,000 rows (15 ms against 6 for
-- the public-only variant, which took the index), and a search sorted up to 1,001 candidates by
-- lower(name) (decision 0021). PostgreSQL cannot move a column, so the table is copied; nothing
-- references alumni, and its indexes, constraints and trigger are made again under their names.
CREATE TABLE "alumni_rebuilt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid,
	"visibility" text DEFAULT 'public' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"department_key" text,
	"graduation_year" integer,
	"name_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"enrollment_no" text,
	"batch" text,
	"department" text,
	"degree" text,
	"specialization" text,
	"current_company" text,
	"current_role" text,
	"linkedin" text,
	"location" text,
	"about" text,
	"experiences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alumni_visibility_check" CHECK ("alumni_rebuilt"."visibility" in ('public', 'private')),
	CONSTRAINT "alumni_year_check" CHECK ("alumni_rebuilt"."graduation_year" is null or "alumni_rebuilt"."graduation_year" between 1900 and 2100)
);
--> statement-breakpoint
-- A plain copy (no trigger runs on alumni_rebuilt): the keys are computed here, once.
INSERT INTO "alumni_rebuilt" ("id", "import_id", "visibility", "search_text", "department_key", "graduation_year", "name_key", "created_at", "name", "email", "phone", "enrollment_no", "batch", "department", "degree", "specialization", "current_company", "current_role", "linkedin", "location", "about", "experiences", "tags", "created_by", "updated_at")
	SELECT "id", "import_id", "visibility", "search_text", lower("department"), "graduation_year", lower("name"), "created_at", "name", "email", "phone", "enrollment_no", "batch", "department", "degree", "specialization", "current_company", "current_role", "linkedin", "location", "about", "experiences", "tags", "created_by", "updated_at" FROM "alumni";--> statement-breakpoint
DROP TABLE "alumni";--> statement-breakpoint
ALTER TABLE "alumni_rebuilt" RENAME TO "alumni";--> statement-breakpoint
ALTER INDEX "alumni_rebuilt_pkey" RENAME TO "alumni_pkey";--> statement-breakpoint
ALTER TABLE "alumni" ADD CONSTRAINT "alumni_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumni" ADD CONSTRAINT "alumni_import_id_alumni_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."alumni_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alumni_email_key" ON "alumni" USING btree (lower("email")) WHERE "alumni"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alumni_enrollment_key" ON "alumni" USING btree (lower("enrollment_no")) WHERE "alumni"."enrollment_no" is not null;--> statement-breakpoint
CREATE INDEX "alumni_name_sort_idx" ON "alumni" USING btree ("name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "alumni_search_text_trgm_idx" ON "alumni" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alumni_year_sort_idx" ON "alumni" USING btree ("graduation_year" asc nulls last,"name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "alumni_year_desc_sort_idx" ON "alumni" USING btree ("graduation_year" desc nulls last,"name_key" collate "C","id");--> statement-breakpoint
CREATE INDEX "alumni_department_idx" ON "alumni" USING btree ("department_key");--> statement-breakpoint
CREATE INDEX "alumni_created_idx" ON "alumni" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "alumni_import_idx" ON "alumni" USING btree ("import_id") WHERE "alumni"."import_id" is not null;--> statement-breakpoint
-- The trigger went with the old table; its function (migration 0004) now keeps the keys too, and it
-- also fires when the department changes.
CREATE OR REPLACE FUNCTION "alumni_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(coalesce(NEW.name, '') || ' ' || coalesce(NEW.current_company, '') || ' ' || coalesce(NEW.current_role, ''));
  NEW.name_key := lower(NEW.name);
  NEW.department_key := lower(NEW.department);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "alumni_search_refresh" BEFORE INSERT OR UPDATE OF "name", "department", "current_company", "current_role", "search_text" ON "alumni"
  FOR EACH ROW EXECUTE FUNCTION "alumni_search_refresh"();--> statement-breakpoint
ANALYZE "alumni";
