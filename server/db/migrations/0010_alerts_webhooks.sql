CREATE TABLE "alert" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"interface_info_id" bigint,
	"subject_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"create_time" timestamp (0) with time zone NOT NULL,
	"read_time" timestamp (0) with time zone,
	"dedupe_key" text
);
--> statement-breakpoint
CREATE TABLE "webhook_attempt" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempt_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" text NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"status" smallint,
	"duration_ms" integer NOT NULL,
	"failure" text
);
--> statement-breakpoint
CREATE TABLE "webhook_delivery" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"alert_id" bigint,
	"event_type" text NOT NULL,
	"payload" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_try_time" timestamp (3) with time zone,
	"create_time" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"kinds" text[] NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_sealed" text,
	"previous_until" timestamp with time zone,
	"create_time" timestamp (0) with time zone NOT NULL,
	"update_time" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert" ADD CONSTRAINT "alert_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_webhook_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."webhook_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook" ADD CONSTRAINT "webhook_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_user_idx" ON "alert" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "alert_unread_idx" ON "alert" USING btree ("user_id") WHERE "alert"."read_time" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_dedupe_idx" ON "alert" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "webhook_attempt_delivery_idx" ON "webhook_attempt" USING btree ("delivery_id","time");--> statement-breakpoint
CREATE INDEX "webhook_delivery_due_idx" ON "webhook_delivery" USING btree ("next_try_time") WHERE "webhook_delivery"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_delivery_user_idx" ON "webhook_delivery" USING btree ("user_id","create_time");