-- Staged visibility of book imports (decision 0016): an import writes its books in short committed
-- batches while pending, hidden from every read, and one tiny transaction commits them all at once.
-- One pending import at a time (partial unique index); a failed one is deleted with its books.
CREATE TABLE "book_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"who" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "book_imports_state_check" CHECK ("book_imports"."state" in ('pending', 'committed'))
);
--> statement-breakpoint
ALTER TABLE "books" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "book_imports" ADD CONSTRAINT "book_imports_who_users_id_fk" FOREIGN KEY ("who") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_imports_one_pending" ON "book_imports" USING btree ("state") WHERE "book_imports"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "books" ADD CONSTRAINT "books_import_id_book_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."book_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "books_import_idx" ON "books" USING btree ("import_id") WHERE "books"."import_id" is not null;