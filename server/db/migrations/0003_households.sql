CREATE TABLE "household_checkout_leases" (
	"household_id" integer PRIMARY KEY NOT NULL,
	"lease_id" text,
	"lease_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "household_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"household_id" integer NOT NULL,
	"payer_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"checkout_key" text NOT NULL,
	"lines" jsonb NOT NULL,
	"params_key" text NOT NULL,
	"amount_today_cents" integer NOT NULL,
	"payment_intent_id" text,
	"setup_intent_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "household_checkouts_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "household_checkouts_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "household_checkouts_setup_intent_id_unique" UNIQUE("setup_intent_id"),
	CONSTRAINT "household_checkouts_amount_check" CHECK ("household_checkouts"."amount_today_cents" >= 0),
	CONSTRAINT "household_checkouts_status_check" CHECK ("household_checkouts"."status" in ('open', 'paid', 'canceled', 'refunded'))
);
--> statement-breakpoint
CREATE TABLE "household_guardians" (
	"household_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"relationship" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_guardians_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "household_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"household_id" integer NOT NULL,
	"invited_by" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"relationship" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "households" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_money_check";--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "household_checkout_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "payer_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sibling_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "second_athlete_percent" integer;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "further_athlete_percent" integer;--> statement-breakpoint
ALTER TABLE "household_checkout_leases" ADD CONSTRAINT "household_checkout_leases_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_checkouts" ADD CONSTRAINT "household_checkouts_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_checkouts" ADD CONSTRAINT "household_checkouts_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_checkouts" ADD CONSTRAINT "household_checkouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_guardians" ADD CONSTRAINT "household_guardians_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_guardians" ADD CONSTRAINT "household_guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invites" ADD CONSTRAINT "household_invites_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invites" ADD CONSTRAINT "household_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invites" ADD CONSTRAINT "household_invites_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_checkouts_household_idx" ON "household_checkouts" USING btree ("household_id","status");--> statement-breakpoint
CREATE INDEX "household_guardians_household_idx" ON "household_guardians" USING btree ("household_id");--> statement-breakpoint
CREATE INDEX "household_invites_household_idx" ON "household_invites" USING btree ("household_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_household_checkout_id_household_checkouts_id_fk" FOREIGN KEY ("household_checkout_id") REFERENCES "public"."household_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_household_checkout_idx" ON "memberships" USING btree ("household_checkout_id");--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_money_check" CHECK ("memberships"."paid_today_cents" >= 0 and "memberships"."plan_total_cents" >= 0 and "memberships"."sibling_discount_cents" >= 0);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_household_percent_check" CHECK (("organizations"."second_athlete_percent" is null or "organizations"."second_athlete_percent" between 0 and 100) and ("organizations"."further_athlete_percent" is null or "organizations"."further_athlete_percent" between 0 and 100));