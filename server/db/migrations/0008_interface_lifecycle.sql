CREATE TABLE "interface_notice" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "interface_notice_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"interface_info_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"last_call_time" timestamp (3) with time zone NOT NULL,
	"sunset_date" date,
	"replacement_id" bigint,
	"create_time" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interface_info" ADD COLUMN "deprecated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "interface_info" ADD COLUMN "deprecated_at" timestamp (0) with time zone;--> statement-breakpoint
ALTER TABLE "interface_info" ADD COLUMN "sunset_date" date;--> statement-breakpoint
ALTER TABLE "interface_info" ADD COLUMN "replacement_id" bigint;--> statement-breakpoint
CREATE INDEX "interface_notice_interface_idx" ON "interface_notice" USING btree ("interface_info_id","create_time");