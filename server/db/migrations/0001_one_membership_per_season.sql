CREATE TABLE "checkouts" (
	"user_id" integer NOT NULL,
	"season_id" integer NOT NULL,
	"payment_intent_id" text,
	"params_key" text,
	"attempt" integer DEFAULT 0 NOT NULL,
	"lease_id" text,
	"lease_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_pkey" PRIMARY KEY("user_id","season_id")
);
--> statement-breakpoint
ALTER TABLE "payment_intents" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_active_user_season_key" ON "memberships" USING btree ("user_id","season_id") WHERE "memberships"."status" = 'active';