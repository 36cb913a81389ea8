CREATE TABLE "assistance_budgets" (
	"season_id" integer PRIMARY KEY NOT NULL,
	"budget_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistance_budgets_budget_check" CHECK ("assistance_budgets"."budget_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "assistance_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"household_id" integer,
	"athlete_id" integer NOT NULL,
	"requested_by" integer,
	"organization_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"licence_id" integer,
	"share_percent" integer NOT NULL,
	"free_or_reduced_meals" boolean DEFAULT false NOT NULL,
	"reason" text NOT NULL,
	"dues_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_approved_cents" integer,
	"decision_message" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assistance_requests_share_check" CHECK ("assistance_requests"."share_percent" in (25, 50, 75, 100)),
	CONSTRAINT "assistance_requests_status_check" CHECK ("assistance_requests"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "assistance_requests_amount_check" CHECK (("assistance_requests"."status" = 'approved') = ("assistance_requests"."amount_approved_cents" is not null) and coalesce("assistance_requests"."amount_approved_cents", 1) > 0 and "assistance_requests"."dues_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organization_help_paying" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"offers_assistance" boolean DEFAULT false NOT NULL,
	"accepts_check_or_cash" boolean DEFAULT false NOT NULL,
	"check_or_cash_instructions" text,
	"check_or_cash_hold_days" integer DEFAULT 14 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_help_paying_hold_days_check" CHECK ("organization_help_paying"."check_or_cash_hold_days" between 1 and 60),
	CONSTRAINT "organization_help_paying_instructions_check" CHECK (not "organization_help_paying"."accepts_check_or_cash" or coalesce(length("organization_help_paying"."check_or_cash_instructions"), 0) > 0)
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "financial_assistance_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "pays_by_check_or_cash" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "awaiting_payment_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assistance_budgets" ADD CONSTRAINT "assistance_budgets_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistance_requests" ADD CONSTRAINT "assistance_requests_decided_by_staff_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_help_paying" ADD CONSTRAINT "organization_help_paying_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assistance_requests_athlete_season_key" ON "assistance_requests" USING btree ("athlete_id","season_id");--> statement-breakpoint
CREATE INDEX "assistance_requests_organization_idx" ON "assistance_requests" USING btree ("organization_id","season_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_financial_assistance_check" CHECK ("memberships"."financial_assistance_cents" >= 0);