ALTER TABLE "memberships" ADD COLUMN "waiver_language" text;--> statement-breakpoint
ALTER TABLE "drafts" ADD COLUMN "waiver_es" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "waiver_es" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_waiver_language_check" CHECK ("memberships"."waiver_language" in ('en', 'es'));