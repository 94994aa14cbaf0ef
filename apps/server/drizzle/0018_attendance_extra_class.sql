ALTER TABLE "attendance_sessions" ADD COLUMN "extra" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD COLUMN "end_min" integer;--> statement-breakpoint
ALTER TABLE "attendance_sessions" ADD CONSTRAINT "attendance_sessions_end_check" CHECK ("attendance_sessions"."end_min" is null or ("attendance_sessions"."end_min" > "attendance_sessions"."start_min" and "attendance_sessions"."end_min" <= 1440));--> statement-breakpoint
-- Sessions saved before the timetable rule (issue 25 item 13) at a time no slot of their weekday
-- starts were counted but shown nowhere: they become the extra classes they were.
UPDATE "attendance_sessions" s SET "extra" = true
WHERE NOT EXISTS (
  SELECT 1 FROM "timetable_slots" t
  WHERE t."assignment_id" = s."assignment_id" AND t."weekday" = extract(isodow from s."date")::int AND t."start_min" = s."start_min"
);
