CREATE TABLE "eligibility_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"athlete_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"reason" text NOT NULL,
	"granted_by" integer,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_age_rules" (
	"team_id" integer PRIMARY KEY NOT NULL,
	"preset" text NOT NULL,
	"custom_date" date,
	"min_age" integer NOT NULL,
	"max_age" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_age_rules_preset_check" CHECK ("team_age_rules"."preset" in ('us-soccer', 'little-league-baseball', 'little-league-softball', 'birth-year', 'custom')),
	CONSTRAINT "team_age_rules_custom_date_check" CHECK (("team_age_rules"."preset" = 'custom') = ("team_age_rules"."custom_date" is not null)),
	CONSTRAINT "team_age_rules_ages_check" CHECK ("team_age_rules"."min_age" between 0 and 99 and "team_age_rules"."max_age" between "team_age_rules"."min_age" and 99)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "eligibility_exceptions" ADD CONSTRAINT "eligibility_exceptions_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_exceptions" ADD CONSTRAINT "eligibility_exceptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eligibility_exceptions" ADD CONSTRAINT "eligibility_exceptions_granted_by_staff_accounts_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_age_rules" ADD CONSTRAINT "team_age_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eligibility_exceptions_athlete_team_key" ON "eligibility_exceptions" USING btree ("athlete_id","team_id");--> statement-breakpoint
CREATE INDEX "eligibility_exceptions_team_idx" ON "eligibility_exceptions" USING btree ("team_id");