CREATE TABLE "transcripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"term" integer,
	"token_hash" text NOT NULL,
	"cgpa" numeric(4, 2),
	"issued_by" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "transcripts_kind_check" CHECK ("transcripts"."kind" in ('gradecard', 'transcript')),
	CONSTRAINT "transcripts_term_check" CHECK (("transcripts"."kind" = 'transcript' and "transcripts"."term" is null) or ("transcripts"."kind" = 'gradecard' and "transcripts"."term" between 1 and 10))
);
--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcripts" ADD CONSTRAINT "transcripts_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transcripts_token_hash_key" ON "transcripts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "transcripts_student_idx" ON "transcripts" USING btree ("student_id","issued_at");