CREATE TABLE "card_rate_windows" (
	"window_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"calls" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_rate_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation" text NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_rate_windows" (
	"window_start" timestamp with time zone PRIMARY KEY NOT NULL,
	"requests" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_rate_refusals_at_idx" ON "sandbox_rate_refusals" USING btree ("at");