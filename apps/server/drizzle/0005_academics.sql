-- btree_gist lets the timetable's exclusion constraints (below) mix equality on uuid/int/text with
-- range overlap; PGlite loads it in src/db/client.ts (decision 0023).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "section_students" (
	"section_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "section_students_pkey" PRIMARY KEY("section_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"department_id" uuid NOT NULL,
	"semester" smallint NOT NULL,
	"academic_year" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sections_semester_check" CHECK ("sections"."semester" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"department_id" uuid NOT NULL,
	"semester" smallint NOT NULL,
	"credits" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subjects_semester_check" CHECK ("subjects"."semester" between 1 and 10),
	CONSTRAINT "subjects_credits_check" CHECK ("subjects"."credits" between 0 and 20)
);
--> statement-breakpoint
CREATE TABLE "teaching_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "teaching_assignments_id_teacher_section_key" UNIQUE("id","teacher_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "timetable_slots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"teacher_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_min" integer NOT NULL,
	"end_min" integer NOT NULL,
	"room" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_slots_weekday_check" CHECK ("timetable_slots"."weekday" between 1 and 7),
	CONSTRAINT "timetable_slots_time_check" CHECK ("timetable_slots"."start_min" >= 0 and "timetable_slots"."end_min" <= 1440 and "timetable_slots"."end_min" > "timetable_slots"."start_min")
);
--> statement-breakpoint
CREATE TABLE "attendance_records" (
	"session_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text NOT NULL,
	"marked_by" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_records_pkey" PRIMARY KEY("session_id","student_id"),
	CONSTRAINT "attendance_records_status_check" CHECK ("attendance_records"."status" in ('present', 'absent', 'late', 'excused'))
);
--> statement-breakpoint
CREATE TABLE "attendance_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assignment_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_min" integer NOT NULL,
	"attended" integer DEFAULT 0 NOT NULL,
	"marked" integer DEFAULT 0 NOT NULL,
	"excused" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_sessions_start_check" CHECK ("attendance_sessions"."start_min" between 0 and 1439),
	CONSTRAINT "attendance_sessions_counts_check" CHECK ("attendance_sessions"."attended" >= 0 and "attendance_sessions"."marked" >= "attendance_sessions"."attended" and "attendance_sessions"."excused" >= 0)
);
--> statement-breakpoint
ALTER TABLE "section_students" ADD CONSTRAINT "section_students_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_students" ADD CONSTRAINT "section_students_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_subject_id_subjects_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."subjects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teaching_assignments" ADD CONSTRAINT "teaching_assignments_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_assignment_fk" FOREIGN KEY ("assignment_id","teacher_id","section_id") REFERENCES "public"."teaching_assignments"("id","teacher_id","section_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_session_id_attendance_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."attendance_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_assignment_id_teaching_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."teaching_assignments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "departments_code_key" ON "departments" USING btree ("code");--> statement-breakpoint
CREATE INDEX "section_students_student_idx" ON "section_students" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_name_year_key" ON "sections" USING btree ("name","academic_year");--> statement-breakpoint
CREATE INDEX "sections_department_idx" ON "sections" USING btree ("department_id","semester");--> statement-breakpoint
CREATE UNIQUE INDEX "subjects_code_key" ON "subjects" USING btree ("code");--> statement-breakpoint
CREATE INDEX "subjects_department_idx" ON "subjects" USING btree ("department_id","semester");--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_assignments_subject_section_key" ON "teaching_assignments" USING btree ("subject_id","section_id");--> statement-breakpoint
CREATE INDEX "teaching_assignments_teacher_idx" ON "teaching_assignments" USING btree ("teacher_id");--> statement-breakpoint
CREATE INDEX "teaching_assignments_section_idx" ON "teaching_assignments" USING btree ("section_id");--> statement-breakpoint
CREATE INDEX "timetable_slots_assignment_idx" ON "timetable_slots" USING btree ("assignment_id","weekday");--> statement-breakpoint
CREATE INDEX "timetable_slots_teacher_day_idx" ON "timetable_slots" USING btree ("teacher_id","weekday","start_min");--> statement-breakpoint
CREATE INDEX "timetable_slots_section_day_idx" ON "timetable_slots" USING btree ("section_id","weekday","start_min");--> statement-breakpoint
CREATE INDEX "attendance_records_student_idx" ON "attendance_records" USING btree ("student_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_sessions_key" ON "attendance_sessions" USING btree ("assignment_id","date","start_min");--> statement-breakpoint
-- No teacher, section or room (case-insensitive) booked twice at overlapping times on one weekday.
-- Half-open ranges: a class ending at 10:00 and one starting at 10:00 do not overlap.
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_teacher_excl" EXCLUDE USING gist ("teacher_id" WITH =, "weekday" WITH =, int4range("start_min", "end_min") WITH &&);--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_section_excl" EXCLUDE USING gist ("section_id" WITH =, "weekday" WITH =, int4range("start_min", "end_min") WITH &&);--> statement-breakpoint
ALTER TABLE "timetable_slots" ADD CONSTRAINT "timetable_slots_room_excl" EXCLUDE USING gist (lower("room") WITH =, "weekday" WITH =, int4range("start_min", "end_min") WITH &&);
