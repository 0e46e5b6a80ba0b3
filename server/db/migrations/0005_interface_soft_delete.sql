DROP INDEX "interface_create_time_idx";--> statement-breakpoint
DROP INDEX "interface_update_time_idx";--> statement-breakpoint
DROP INDEX "interface_name_rank_idx";--> statement-breakpoint
ALTER TABLE "interface_info" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "interface_create_time_idx" ON "interface_info" USING btree ("create_time","id") WHERE "interface_info"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "interface_update_time_idx" ON "interface_info" USING btree ("update_time","id") WHERE "interface_info"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "interface_name_rank_idx" ON "interface_info" USING btree ("name_rank","id") WHERE "interface_info"."deleted_at" IS NULL;