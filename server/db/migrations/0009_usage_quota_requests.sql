CREATE TABLE "quota_request" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quota_request_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"interface_info_id" bigint NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_reason" text,
	"reviewer_id" bigint,
	"create_time" timestamp (0) with time zone NOT NULL,
	"review_time" timestamp (0) with time zone
);
--> statement-breakpoint
ALTER TABLE "quota_request" ADD CONSTRAINT "quota_request_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_request_open_idx" ON "quota_request" USING btree ("user_id","interface_info_id") WHERE "quota_request"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "quota_request_user_idx" ON "quota_request" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "quota_request_status_idx" ON "quota_request" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "interface_call_user_time_idx" ON "interface_call" USING btree ("user_id","time");