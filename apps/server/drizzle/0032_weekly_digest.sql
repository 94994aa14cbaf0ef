ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_email_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_email_check";--> statement-breakpoint
CREATE INDEX "notifications_weekly_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."email" = 'weekly';--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_email_check" CHECK ("notification_preferences"."email" in ('immediate', 'digest', 'weekly', 'off'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_check" CHECK ("notifications"."email" in ('none', 'pending', 'queued', 'digest', 'weekly', 'digested'));