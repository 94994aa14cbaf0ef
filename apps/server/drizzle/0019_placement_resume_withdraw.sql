ALTER TABLE "files" DROP CONSTRAINT "files_purpose_check";--> statement-breakpoint
ALTER TABLE "placement_applications" DROP CONSTRAINT "placement_applications_status_check";--> statement-breakpoint
ALTER TABLE "placement_applications" ADD COLUMN "resume_file_id" uuid;--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_resume_file_id_files_id_fk" FOREIGN KEY ("resume_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_purpose_check" CHECK ("files"."purpose" in ('avatar', 'material', 'document', 'generated', 'notice', 'logo', 'resume'));--> statement-breakpoint
ALTER TABLE "placement_applications" ADD CONSTRAINT "placement_applications_status_check" CHECK ("placement_applications"."status" in ('applied', 'shortlisted', 'selected', 'rejected', 'withdrawn'));
