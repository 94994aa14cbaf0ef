ALTER TABLE "users" ADD COLUMN "section" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "employee_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blood_group" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_employee_id_key" ON "users" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "users_department_idx" ON "users" USING btree ("department");