ALTER TABLE "membership_phases" ADD COLUMN "charge_key" text;--> statement-breakpoint
ALTER TABLE "membership_phases" ADD COLUMN "charge_request" jsonb;--> statement-breakpoint
CREATE INDEX "membership_phases_charge_key_idx" ON "membership_phases" USING btree ("charge_key") WHERE "membership_phases"."charge_key" is not null;