CREATE TABLE "rate_limit" (
	"user_id" bigint NOT NULL,
	"interface_info_id" bigint NOT NULL,
	"tat" double precision NOT NULL,
	CONSTRAINT "rate_limit_user_id_interface_info_id_pk" PRIMARY KEY("user_id","interface_info_id")
);
--> statement-breakpoint
ALTER TABLE "interface_info" ADD COLUMN "rate_limit" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interface_info" ADD COLUMN "rate_burst" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_interface_info" ADD COLUMN "rate_limit" integer;--> statement-breakpoint
ALTER TABLE "user_interface_info" ADD COLUMN "rate_burst" integer;