CREATE TABLE "licence_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_claims_licence_user_key" UNIQUE("licence_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "licences" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"organization_id" integer NOT NULL,
	"team_id" integer,
	"available_licenses" integer NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"expires_on" date,
	CONSTRAINT "licences_code_unique" UNIQUE("code"),
	CONSTRAINT "licences_available_check" CHECK ("licences"."available_licenses" >= 0),
	CONSTRAINT "licences_kind_check" CHECK ("licences"."kind" in ('team', 'coach')),
	CONSTRAINT "licences_team_check" CHECK (("licences"."kind" = 'team') = ("licences"."team_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"organization_id" integer,
	"percent_off" integer,
	"flat_discount_cents" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "discount_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "discount_codes_amount_check" CHECK (("discount_codes"."percent_off" is null or "discount_codes"."percent_off" between 0 and 100) and ("discount_codes"."flat_discount_cents" is null or "discount_codes"."flat_discount_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"licence_id" integer,
	"payment_plan_month" integer NOT NULL,
	"paid_today_cents" integer NOT NULL,
	"plan_total_cents" integer NOT NULL,
	"discount_code" text,
	"includes_protection" boolean DEFAULT false NOT NULL,
	"stripe_payment_intent_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_stripe_payment_intent_id_unique" UNIQUE("stripe_payment_intent_id"),
	CONSTRAINT "memberships_money_check" CHECK ("memberships"."paid_today_cents" >= 0 and "memberships"."plan_total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"app_name" text NOT NULL,
	"image_set" text NOT NULL,
	"website_css" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"team_id" integer,
	"season_id" integer,
	"name" text NOT NULL,
	"total_dues_cents" integer NOT NULL,
	"athlete_deposit_cents" integer NOT NULL,
	"payment_plan_fee_cents" integer NOT NULL,
	"app_fee_cents" integer NOT NULL,
	"is_app_fee_itemized" boolean NOT NULL,
	"plan_months" integer[] DEFAULT '{3,6}'::integer[] NOT NULL,
	"protection_plan_id" integer,
	"waiver" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drafts_money_check" CHECK ("drafts"."total_dues_cents" >= 0 and "drafts"."athlete_deposit_cents" >= 0 and "drafts"."payment_plan_fee_cents" >= 0 and "drafts"."app_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"api_subdomain" text,
	"waiver" text,
	"api_user_id" integer,
	"website_css" text DEFAULT '' NOT NULL,
	"accepts_subscriptions" boolean DEFAULT false NOT NULL,
	"app_name" text,
	"image_set" text,
	"stripe_account_id" text,
	CONSTRAINT "organizations_api_subdomain_unique" UNIQUE("api_subdomain"),
	CONSTRAINT "organizations_subdomain_check" CHECK ("organizations"."api_subdomain" ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?$')
);
--> statement-breakpoint
CREATE TABLE "protection_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "protection_plans_amount_check" CHECK ("protection_plans"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"first_installment_on" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"name" text NOT NULL,
	"total_dues_cents" integer NOT NULL,
	"athlete_deposit_cents" integer NOT NULL,
	"payment_plan_fee_cents" integer NOT NULL,
	"app_fee_cents" integer NOT NULL,
	"is_app_fee_itemized" boolean NOT NULL,
	"plan_months" integer[] DEFAULT '{3,6}'::integer[] NOT NULL,
	"protection_plan_id" integer,
	CONSTRAINT "teams_money_check" CHECK ("teams"."total_dues_cents" >= 0 and "teams"."athlete_deposit_cents" >= 0 and "teams"."payment_plan_fee_cents" >= 0 and "teams"."app_fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "experience_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "experience_levels_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "player_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"birthday" date NOT NULL,
	"sex" text NOT NULL,
	"weight_lbs" double precision NOT NULL,
	"height_inches" integer NOT NULL,
	"position_id" integer NOT NULL,
	"phase_id" integer NOT NULL,
	"lifting_experience_id" integer NOT NULL,
	"agility_experience_id" integer NOT NULL,
	"upper_plyometric_experience_id" integer NOT NULL,
	"lower_plyometric_experience_id" integer NOT NULL,
	"weight_goal_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "player_profiles_sex_check" CHECK ("player_profiles"."sex" in ('f', 'm'))
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"sport_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_phases" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "season_phases_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sports" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "sports_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "weight_goals" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "weight_goals_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "billing_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"card_last4" text NOT NULL,
	"outcome" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"address1" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"last_error" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount_in_cents" integer,
	"discount_percent" integer,
	"duration" text NOT NULL,
	"applies_for_months" integer,
	CONSTRAINT "coupons_code_unique" UNIQUE("code"),
	CONSTRAINT "coupons_type_check" CHECK ("coupons"."discount_type" in ('dollars', 'percent')),
	CONSTRAINT "coupons_duration_check" CHECK ("coupons"."duration" in ('forever', 'single_use', 'temporal'))
);
--> statement-breakpoint
CREATE TABLE "plan_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"monthly_price_cents" integer,
	"annual_price_cents" integer,
	"annual_pm_price_cents" integer,
	"quarterly_price_cents" integer,
	"trial_days_monthly" integer,
	"trial_days_annual" integer,
	"trial_days_annual_pm" integer,
	"trial_days_quarterly" integer
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"term" text,
	"coupon_code" text,
	"provider_subscription_id" text,
	"paid_through" timestamp with time zone,
	"trial_ends_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "subscriptions_kind_check" CHECK ("subscriptions"."kind" in ('license', 'trial', 'subscription'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "access_tokens_kind_check" CHECK ("access_tokens"."kind" in ('session', 'website', 'password_reset'))
);
--> statement-breakpoint
CREATE TABLE "athlete_guardians" (
	"guardian_id" integer NOT NULL,
	"athlete_id" integer NOT NULL,
	"relationship" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_guardians_guardian_id_athlete_id_pk" PRIMARY KEY("guardian_id","athlete_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"username" text,
	"password_hash" text NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_coach" boolean DEFAULT false NOT NULL,
	"latest_license_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_kind_check" CHECK ("users"."kind" in ('guardian', 'athlete', 'coach'))
);
--> statement-breakpoint
ALTER TABLE "licence_claims" ADD CONSTRAINT "licence_claims_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licence_claims" ADD CONSTRAINT "licence_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licences" ADD CONSTRAINT "licences_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_protection_plan_id_protection_plans_id_fk" FOREIGN KEY ("protection_plan_id") REFERENCES "public"."protection_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_plans" ADD CONSTRAINT "protection_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_protection_plan_id_protection_plans_id_fk" FOREIGN KEY ("protection_plan_id") REFERENCES "public"."protection_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_phase_id_season_phases_id_fk" FOREIGN KEY ("phase_id") REFERENCES "public"."season_phases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_lifting_experience_id_experience_levels_id_fk" FOREIGN KEY ("lifting_experience_id") REFERENCES "public"."experience_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_agility_experience_id_experience_levels_id_fk" FOREIGN KEY ("agility_experience_id") REFERENCES "public"."experience_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_upper_plyometric_experience_id_experience_levels_id_fk" FOREIGN KEY ("upper_plyometric_experience_id") REFERENCES "public"."experience_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_lower_plyometric_experience_id_experience_levels_id_fk" FOREIGN KEY ("lower_plyometric_experience_id") REFERENCES "public"."experience_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_weight_goal_id_weight_goals_id_fk" FOREIGN KEY ("weight_goal_id") REFERENCES "public"."weight_goals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_guardians" ADD CONSTRAINT "athlete_guardians_guardian_id_users_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_guardians" ADD CONSTRAINT "athlete_guardians_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_idx" ON "memberships" USING btree ("user_id","season_id");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "athlete_guardians_athlete_idx" ON "athlete_guardians" USING btree ("athlete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_key" ON "users" USING btree (lower("username"));