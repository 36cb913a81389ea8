CREATE TABLE "membership_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"storage_key" text,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"reject_reason" text,
	"file_deleted_at" timestamp with time zone,
	CONSTRAINT "membership_documents_status_check" CHECK ("membership_documents"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "membership_documents_type_check" CHECK ("membership_documents"."content_type" in ('image/png', 'image/jpeg', 'application/pdf')),
	CONSTRAINT "membership_documents_size_check" CHECK ("membership_documents"."byte_size" > 0 and "membership_documents"."byte_size" <= 10485760)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "delete_documents_after_approval" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "required_documents" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_documents" ADD CONSTRAINT "membership_documents_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_documents" ADD CONSTRAINT "membership_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_documents" ADD CONSTRAINT "membership_documents_reviewed_by_staff_accounts_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_documents_membership_name_key" ON "membership_documents" USING btree ("membership_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_documents_storage_key" ON "membership_documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "membership_documents_status_idx" ON "membership_documents" USING btree ("status");