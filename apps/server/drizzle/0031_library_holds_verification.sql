CREATE TABLE "library_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"book_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"copy_id" uuid,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	CONSTRAINT "library_holds_status_check" CHECK ("library_holds"."status" in ('waiting', 'ready', 'collected', 'cancelled', 'expired')),
	CONSTRAINT "library_holds_ready_copy" CHECK ("library_holds"."status" <> 'ready' or ("library_holds"."copy_id" is not null and "library_holds"."expires_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "library_verification_scans" (
	"verification_id" uuid NOT NULL,
	"barcode" text NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" uuid,
	CONSTRAINT "library_verification_scans_verification_id_barcode_pk" PRIMARY KEY("verification_id","barcode")
);
--> statement-breakpoint
CREATE TABLE "library_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shelf" text,
	"status" text DEFAULT 'open' NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	"report" jsonb,
	CONSTRAINT "library_verifications_status_check" CHECK ("library_verifications"."status" in ('open', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "library_settings" DROP CONSTRAINT "library_settings_ranges";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "library_settings" ADD COLUMN "hold_pickup_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_book_id_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."books"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_copy_id_library_copies_id_fk" FOREIGN KEY ("copy_id") REFERENCES "public"."library_copies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_holds" ADD CONSTRAINT "library_holds_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_verification_scans" ADD CONSTRAINT "library_verification_scans_verification_id_library_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."library_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_verification_scans" ADD CONSTRAINT "library_verification_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_verifications" ADD CONSTRAINT "library_verifications_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_verifications" ADD CONSTRAINT "library_verifications_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_holds_one_open" ON "library_holds" USING btree ("user_id","book_id") WHERE "library_holds"."status" in ('waiting', 'ready');--> statement-breakpoint
CREATE UNIQUE INDEX "library_holds_one_per_copy" ON "library_holds" USING btree ("copy_id") WHERE "library_holds"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "library_holds_queue_idx" ON "library_holds" USING btree ("book_id","placed_at","seq") WHERE "library_holds"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "library_holds_expiry_idx" ON "library_holds" USING btree ("expires_at") WHERE "library_holds"."status" = 'ready';--> statement-breakpoint
CREATE INDEX "library_holds_user_idx" ON "library_holds" USING btree ("user_id","placed_at");--> statement-breakpoint
CREATE INDEX "library_verifications_started_idx" ON "library_verifications" USING btree ("started_at");--> statement-breakpoint
ALTER TABLE "library_settings" ADD CONSTRAINT "library_settings_ranges" CHECK ("library_settings"."loan_period_days" >= 1 and "library_settings"."fine_per_day_paise" >= 0 and "library_settings"."grace_days" >= 0 and "library_settings"."max_fine_paise" >= 0 and "library_settings"."max_active_loans" >= 1 and "library_settings"."renewals_allowed" >= 0 and "library_settings"."fines_block_paise" >= 0 and "library_settings"."replacement_paise" >= 0 and "library_settings"."hold_pickup_days" >= 1);--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK ("notification_preferences"."kind" in ('library', 'attendance', 'exams', 'placement', 'results', 'notices', 'absence', 'holds'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('library', 'attendance', 'exams', 'placement', 'results', 'notices', 'absence', 'holds'));