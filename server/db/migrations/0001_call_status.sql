ALTER TABLE "interface_call" ADD COLUMN "status" smallint;--> statement-breakpoint
ALTER TABLE "interface_call" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;