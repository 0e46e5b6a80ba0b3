ALTER TABLE "quota_request" ADD COLUMN "kind" text DEFAULT 'quota' NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_request" ADD COLUMN "plan_id" bigint;--> statement-breakpoint
ALTER TABLE "subscription" ADD COLUMN "extra" integer DEFAULT 0 NOT NULL;