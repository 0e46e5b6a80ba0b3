CREATE SEQUENCE "public"."interface_info_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1800000000000100001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."app_user_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1790000000000001001 CACHE 1;--> statement-breakpoint
CREATE TABLE "interface_call" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interface_call_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"interface_info_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"time" timestamp (3) with time zone NOT NULL,
	"success" boolean NOT NULL,
	"latency" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interface_info" (
	"id" bigint PRIMARY KEY DEFAULT nextval('interface_info_id_seq') NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"method" text NOT NULL,
	"request_params" text DEFAULT '' NOT NULL,
	"request_header" text DEFAULT '' NOT NULL,
	"response_header" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"user_id" bigint NOT NULL,
	"create_time" timestamp (0) with time zone NOT NULL,
	"update_time" timestamp (0) with time zone NOT NULL,
	"name_lower" text NOT NULL,
	"description_lower" text NOT NULL,
	"url_lower" text NOT NULL,
	"name_rank" double precision DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"user_account" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"create_time" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_user" (
	"id" bigint PRIMARY KEY DEFAULT nextval('app_user_id_seq') NOT NULL,
	"user_account" text NOT NULL,
	"user_password" text NOT NULL,
	"user_name" text DEFAULT '' NOT NULL,
	"user_avatar" text DEFAULT '' NOT NULL,
	"user_role" text DEFAULT 'user' NOT NULL,
	"create_time" timestamp (0) with time zone NOT NULL,
	"update_time" timestamp (0) with time zone NOT NULL,
	CONSTRAINT "app_user_user_account_unique" UNIQUE("user_account")
);
--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interface_call_time_idx" ON "interface_call" USING btree ("time");--> statement-breakpoint
CREATE INDEX "interface_call_interface_time_idx" ON "interface_call" USING btree ("interface_info_id","time");--> statement-breakpoint
CREATE INDEX "interface_create_time_idx" ON "interface_info" USING btree ("create_time","id");--> statement-breakpoint
CREATE INDEX "interface_update_time_idx" ON "interface_info" USING btree ("update_time","id");--> statement-breakpoint
CREATE INDEX "interface_name_rank_idx" ON "interface_info" USING btree ("name_rank","id");--> statement-breakpoint
CREATE INDEX "session_last_seen_idx" ON "session" USING btree ("last_seen");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id");