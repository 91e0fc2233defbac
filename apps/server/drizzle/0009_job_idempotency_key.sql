ALTER TABLE "jobs" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_user_idempotency_key_idx" ON "jobs" USING btree ("user_id","idempotency_key");