ALTER TABLE "questions" ADD COLUMN "indicators" jsonb;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "visual" jsonb;