CREATE TABLE "calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_min" smallint,
	"end_min" smallint,
	"scope" text DEFAULT 'college' NOT NULL,
	"department_id" uuid,
	"section_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_kind_check" CHECK ("calendar_events"."kind" in ('holiday', 'exam-period', 'event')),
	CONSTRAINT "calendar_events_title_check" CHECK (length("calendar_events"."title") between 1 and 120),
	CONSTRAINT "calendar_events_dates_check" CHECK ("calendar_events"."end_date" >= "calendar_events"."start_date"),
	CONSTRAINT "calendar_events_times_check" CHECK (("calendar_events"."start_min" is null and "calendar_events"."end_min" is null) or ("calendar_events"."kind" = 'event' and "calendar_events"."start_min" between 0 and 1439 and "calendar_events"."end_min" between 1 and 1440 and ("calendar_events"."end_date" > "calendar_events"."start_date" or "calendar_events"."end_min" > "calendar_events"."start_min"))),
	CONSTRAINT "calendar_events_scope_check" CHECK (("calendar_events"."scope" = 'college' and "calendar_events"."department_id" is null and "calendar_events"."section_id" is null) or ("calendar_events"."scope" = 'department' and "calendar_events"."department_id" is not null and "calendar_events"."section_id" is null) or ("calendar_events"."scope" = 'section' and "calendar_events"."section_id" is not null and "calendar_events"."department_id" is null))
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "calendar_feeds_secret_hash_unique" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_events_dates_idx" ON "calendar_events" USING btree ("start_date","end_date");