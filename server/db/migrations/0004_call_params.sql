DROP INDEX "interface_call_user_interface_idx";--> statement-breakpoint
ALTER TABLE "interface_call" ADD COLUMN "params" text;--> statement-breakpoint
ALTER TABLE "interface_call" ADD COLUMN "params_truncated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "interface_call_user_interface_time_idx" ON "interface_call" USING btree ("user_id","interface_info_id","time");