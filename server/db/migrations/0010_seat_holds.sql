CREATE TABLE "seat_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"released_by" integer,
	CONSTRAINT "seat_releases_reason_check" CHECK ("seat_releases"."reason" in ('expired', 'removed', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "licences" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_releases" ADD CONSTRAINT "seat_releases_licence_id_licences_id_fk" FOREIGN KEY ("licence_id") REFERENCES "public"."licences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_releases" ADD CONSTRAINT "seat_releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_releases" ADD CONSTRAINT "seat_releases_released_by_staff_accounts_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_releases_user_idx" ON "seat_releases" USING btree ("user_id","licence_id");--> statement-breakpoint
CREATE INDEX "licence_claims_claimed_at_idx" ON "licence_claims" USING btree ("claimed_at");--> statement-breakpoint
CREATE FUNCTION "licences_bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."available_licenses" IS DISTINCT FROM OLD."available_licenses" OR NEW."paused" IS DISTINCT FROM OLD."paused" THEN
    NEW."version" := OLD."version" + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "licences_bump_version" BEFORE UPDATE ON "licences" FOR EACH ROW EXECUTE FUNCTION "licences_bump_version"();
