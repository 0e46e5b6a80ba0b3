CREATE SEQUENCE "public"."access_key_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1810000000000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "access_key_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "access_key_audit_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"key_id" bigint NOT NULL,
	"action" text NOT NULL,
	"key_name" text NOT NULL,
	"access_key" text NOT NULL,
	"grace_seconds" integer,
	"ip" text NOT NULL,
	"time" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
-- The pair was keyed by its user; now each key has an id of its own.
ALTER TABLE "access_key" DROP CONSTRAINT "access_key_pkey";--> statement-breakpoint
ALTER TABLE "access_key" ADD COLUMN "id" bigint PRIMARY KEY DEFAULT nextval('access_key_id_seq') NOT NULL;--> statement-breakpoint
-- A user's existing pair becomes their first key.
ALTER TABLE "access_key" ADD COLUMN "name" text NOT NULL DEFAULT '默认';--> statement-breakpoint
ALTER TABLE "access_key" ALTER COLUMN "name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "access_key" ADD COLUMN "previous_sealed" text;--> statement-breakpoint
ALTER TABLE "access_key" ADD COLUMN "previous_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_key" ADD COLUMN "interface_ids" text[];--> statement-breakpoint
ALTER TABLE "access_key" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_key" ADD COLUMN "last_used" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "access_key" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interface_call" ADD COLUMN "key_id" bigint;--> statement-breakpoint
ALTER TABLE "access_key_audit" ADD CONSTRAINT "access_key_audit_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_key_audit_user_idx" ON "access_key_audit" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "access_key_user_idx" ON "access_key" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "access_key_live_name_idx" ON "access_key" USING btree ("user_id","name") WHERE "access_key"."revoked_at" IS NULL;--> statement-breakpoint
CREATE INDEX "access_key_expires_idx" ON "access_key" USING btree ("expires_at") WHERE "access_key"."revoked_at" IS NULL;