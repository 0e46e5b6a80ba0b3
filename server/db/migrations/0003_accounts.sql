CREATE TABLE "access_key" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"access_key" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_tail" text NOT NULL,
	"create_time" timestamp (0) with time zone NOT NULL,
	CONSTRAINT "access_key_access_key_unique" UNIQUE("access_key")
);
--> statement-breakpoint
CREATE TABLE "gateway_nonce" (
	"access_key" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gateway_nonce_access_key_nonce_pk" PRIMARY KEY("access_key","nonce")
);
--> statement-breakpoint
CREATE TABLE "user_interface_info" (
	"user_id" bigint NOT NULL,
	"interface_info_id" bigint NOT NULL,
	"left_num" integer NOT NULL,
	"total_num" bigint NOT NULL,
	CONSTRAINT "user_interface_info_user_id_interface_info_id_pk" PRIMARY KEY("user_id","interface_info_id")
);
--> statement-breakpoint
ALTER TABLE "access_key" ADD CONSTRAINT "access_key_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gateway_nonce_expires_idx" ON "gateway_nonce" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "interface_call_user_interface_idx" ON "interface_call" USING btree ("user_id","interface_info_id");