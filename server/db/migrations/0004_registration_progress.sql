CREATE TABLE "registration_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"license_id" integer NOT NULL,
	"flow" text NOT NULL,
	"machine_version" text NOT NULL,
	"step" text NOT NULL,
	"athlete_id" integer,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_reminder_at" timestamp with time zone,
	"second_reminder_at" timestamp with time zone,
	CONSTRAINT "registration_progress_user_license_key" UNIQUE("user_id","license_id"),
	CONSTRAINT "registration_progress_flow_check" CHECK ("registration_progress"."flow" in ('register', 'login', 'payment')),
	CONSTRAINT "registration_progress_step_check" CHECK (char_length("registration_progress"."step") between 1 and 64)
);
--> statement-breakpoint
ALTER TABLE "registration_progress" ADD CONSTRAINT "registration_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_progress" ADD CONSTRAINT "registration_progress_license_id_licences_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_progress" ADD CONSTRAINT "registration_progress_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_progress_license_idx" ON "registration_progress" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "registration_progress_updated_idx" ON "registration_progress" USING btree ("updated_at");