CREATE TABLE "team_question_answers" (
	"question_id" integer NOT NULL,
	"athlete_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_question_answers_pkey" PRIMARY KEY("question_id","athlete_id")
);
--> statement-breakpoint
CREATE TABLE "team_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"prompt" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_questions_kind_check" CHECK ("team_questions"."kind" in ('short_text', 'choice', 'yes_no', 'date'))
);
--> statement-breakpoint
ALTER TABLE "team_question_answers" ADD CONSTRAINT "team_question_answers_question_id_team_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."team_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_question_answers" ADD CONSTRAINT "team_question_answers_athlete_id_users_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_questions" ADD CONSTRAINT "team_questions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_question_answers_athlete_idx" ON "team_question_answers" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "team_questions_team_idx" ON "team_questions" USING btree ("team_id","position");