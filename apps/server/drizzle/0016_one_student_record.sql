-- One student record (issue 25, decision 0036): a person's department is an Academics department
-- and a Student's section is their enrolment. users.department_id and users.section_id point into
-- Academics; users.department and users.section keep the names shown (or, where nothing matched, the
-- legacy free text, listed by `npm run crs -- users:unmatched`: never dropped).
-- The keys are DEFERRABLE (initially immediate) only so a restore, which loads users before the
-- academic tables, can defer them to its commit (db/backup.ts).
ALTER TABLE "users" ADD COLUMN "department_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "section_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE restrict ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
CREATE INDEX "users_department_id_idx" ON "users" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "users_section_id_idx" ON "users" USING btree ("section_id");--> statement-breakpoint
-- Departments by name or code (any case, trimmed); a name match wins over a code match.
UPDATE "users" u SET "department_id" = m."id", "department" = m."name"
FROM (
  SELECT DISTINCT ON (u2."id") u2."id" AS "user_id", d."id", d."name"
  FROM "users" u2 JOIN "departments" d
    ON lower(btrim(u2."department")) = lower(d."name") OR upper(btrim(u2."department")) = d."code"
  WHERE u2."department_id" IS NULL
  ORDER BY u2."id", (lower(btrim(u2."department")) = lower(d."name")) DESC, d."code"
) m
WHERE u."id" = m."user_id";--> statement-breakpoint
-- A Student's section by name (sections are stored upper-case), in the student's department when
-- that matched, the newest academic year first; a section of another department matches nothing.
UPDATE "users" u SET "section_id" = m."id", "section" = m."name", "department_id" = m."department_id", "department" = m."department"
FROM (
  SELECT DISTINCT ON (u2."id") u2."id" AS "user_id", s."id", s."name", s."department_id", d."name" AS "department"
  FROM "users" u2
  JOIN "sections" s ON upper(btrim(u2."section")) = s."name" AND (u2."department_id" IS NULL OR u2."department_id" = s."department_id")
  JOIN "departments" d ON d."id" = s."department_id"
  WHERE 'Student' = ANY(u2."roles") AND u2."section_id" IS NULL
  ORDER BY u2."id", s."academic_year" DESC, s."semester" DESC
) m
WHERE u."id" = m."user_id";--> statement-breakpoint
-- The matched section is an enrolment.
INSERT INTO "section_students" ("section_id", "student_id")
SELECT "section_id", "id" FROM "users" WHERE "section_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Students enrolled through Academics with no section on their record: their newest enrolment is
-- their section (and its department theirs, when they had none or had that one).
UPDATE "users" u SET "section_id" = m."id", "section" = m."name", "department_id" = m."department_id", "department" = m."department"
FROM (
  SELECT DISTINCT ON (ss."student_id") ss."student_id", s."id", s."name", s."department_id", d."name" AS "department"
  FROM "section_students" ss
  JOIN "sections" s ON s."id" = ss."section_id"
  JOIN "departments" d ON d."id" = s."department_id"
  ORDER BY ss."student_id", s."academic_year" DESC, s."semester" DESC, s."name"
) m
WHERE u."id" = m."student_id" AND u."section_id" IS NULL AND (u."section" IS NULL OR btrim(u."section") = '')
  AND 'Student' = ANY(u."roles") AND (u."department_id" IS NULL OR u."department_id" = m."department_id")
  AND (u."department" IS NULL OR btrim(u."department") = '' OR u."department_id" IS NOT NULL);
