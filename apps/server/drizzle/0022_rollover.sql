CREATE TABLE "rollover_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"academic_year" text NOT NULL,
	"term" text NOT NULL,
	"summary" jsonb NOT NULL,
	"ran_by" uuid,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rollover_runs_term_check" CHECK ("rollover_runs"."term" in ('odd', 'even'))
);
--> statement-breakpoint
CREATE TABLE "rollover_students" (
	"run_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_section_id" uuid,
	"to_section_id" uuid,
	"reason" text,
	"batch" text,
	"graduation_year" integer,
	CONSTRAINT "rollover_students_pkey" PRIMARY KEY("run_id","student_id"),
	CONSTRAINT "rollover_students_action_check" CHECK ("rollover_students"."action" in ('promote', 'hold', 'graduate'))
);
--> statement-breakpoint
ALTER TABLE "rollover_runs" ADD CONSTRAINT "rollover_runs_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_students" ADD CONSTRAINT "rollover_students_run_id_rollover_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."rollover_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_students" ADD CONSTRAINT "rollover_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_students" ADD CONSTRAINT "rollover_students_from_section_id_sections_id_fk" FOREIGN KEY ("from_section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rollover_students" ADD CONSTRAINT "rollover_students_to_section_id_sections_id_fk" FOREIGN KEY ("to_section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rollover_runs_term_key" ON "rollover_runs" USING btree ("academic_year","term");--> statement-breakpoint
CREATE INDEX "rollover_students_student_idx" ON "rollover_students" USING btree ("student_id","action");--> statement-breakpoint
CREATE INDEX "rollover_students_batch_idx" ON "rollover_students" USING btree ("batch") WHERE "rollover_students"."action" = 'graduate';