CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"database" text NOT NULL,
	"target" text,
	"status" text NOT NULL,
	"local_time" text NOT NULL,
	"data" jsonb NOT NULL,
	"provider" text,
	"error_detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_user_id_idx" ON "questions" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "questions_status_idx" ON "questions" USING btree ("status");