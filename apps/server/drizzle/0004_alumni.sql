-- The alumni directory (issue 10, decision 0021): profiles with experiences as jsonb, staged
-- imports (decision 0016's pattern), bulk-message records, and the trigger that keeps search_text
-- (name, current company, current role) for the pg_trgm partial-word search, so every writer
-- (API, import, seed, restore) gets it.
CREATE TABLE "alumni" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"enrollment_no" text,
	"batch" text,
	"department" text,
	"degree" text,
	"specialization" text,
	"graduation_year" integer,
	"current_company" text,
	"current_role" text,
	"linkedin" text,
	"location" text,
	"about" text,
	"experiences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"import_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alumni_visibility_check" CHECK ("alumni"."visibility" in ('public', 'private')),
	CONSTRAINT "alumni_year_check" CHECK ("alumni"."graduation_year" is null or "alumni"."graduation_year" between 1900 and 2100)
);
--> statement-breakpoint
CREATE TABLE "alumni_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"who" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "alumni_imports_state_check" CHECK ("alumni_imports"."state" in ('pending', 'committed'))
);
--> statement-breakpoint
CREATE TABLE "alumni_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sent_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"queued" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alumni" ADD CONSTRAINT "alumni_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumni" ADD CONSTRAINT "alumni_import_id_alumni_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."alumni_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumni_imports" ADD CONSTRAINT "alumni_imports_who_users_id_fk" FOREIGN KEY ("who") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alumni_messages" ADD CONSTRAINT "alumni_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alumni_email_key" ON "alumni" USING btree (lower("email")) WHERE "alumni"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alumni_enrollment_key" ON "alumni" USING btree (lower("enrollment_no")) WHERE "alumni"."enrollment_no" is not null;--> statement-breakpoint
CREATE INDEX "alumni_name_sort_idx" ON "alumni" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "alumni_search_text_trgm_idx" ON "alumni" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alumni_year_sort_idx" ON "alumni" USING btree ("graduation_year" asc nulls last,lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "alumni_year_desc_sort_idx" ON "alumni" USING btree ("graduation_year" desc nulls last,lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "alumni_department_idx" ON "alumni" USING btree (lower("department"));--> statement-breakpoint
CREATE INDEX "alumni_created_idx" ON "alumni" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "alumni_import_idx" ON "alumni" USING btree ("import_id") WHERE "alumni"."import_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "alumni_imports_one_pending" ON "alumni_imports" USING btree ("state") WHERE "alumni_imports"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "alumni_messages_sent_idx" ON "alumni_messages" USING btree ("sent_at","id");;--> statement-breakpoint
CREATE FUNCTION "alumni_search_refresh"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(coalesce(NEW.name, '') || ' ' || coalesce(NEW.current_company, '') || ' ' || coalesce(NEW.current_role, ''));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "alumni_search_refresh" BEFORE INSERT OR UPDATE OF "name", "current_company", "current_role", "search_text" ON "alumni"
  FOR EACH ROW EXECUTE FUNCTION "alumni_search_refresh"();
