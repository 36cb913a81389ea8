CREATE TABLE "waiver_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"waiver_version_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"guardian_id" integer NOT NULL,
	"athlete_id" integer NOT NULL,
	"membership_id" integer,
	"agreed_at" timestamp with time zone NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiver_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiver_versions_language_check" CHECK ("waiver_versions"."language" in ('en', 'es'))
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_waiver_version_id_waiver_versions_id_fk" FOREIGN KEY ("waiver_version_id") REFERENCES "public"."waiver_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_agreements" ADD CONSTRAINT "waiver_agreements_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiver_versions" ADD CONSTRAINT "waiver_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waiver_agreements_membership_idx" ON "waiver_agreements" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "waiver_agreements_athlete_team_idx" ON "waiver_agreements" USING btree ("athlete_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waiver_versions_org_version_language_key" ON "waiver_versions" USING btree ("organization_id","version","language");