CREATE TABLE "plan_interface" (
	"plan_id" bigint NOT NULL,
	"interface_info_id" bigint NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "plan_interface_plan_id_interface_info_id_pk" PRIMARY KEY("plan_id","interface_info_id")
);
--> statement-breakpoint
CREATE TABLE "plan" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "plan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"period" text NOT NULL,
	"quota" integer NOT NULL,
	"rate_limit" integer,
	"rate_burst" integer,
	"approval" boolean DEFAULT false NOT NULL,
	"overage" text DEFAULT 'block' NOT NULL,
	"price_label" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"retired_at" timestamp (0) with time zone,
	"create_time" timestamp (0) with time zone NOT NULL,
	"update_time" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_cover" (
	"user_id" bigint NOT NULL,
	"interface_info_id" bigint NOT NULL,
	"subscription_id" bigint NOT NULL,
	CONSTRAINT "subscription_cover_user_id_interface_info_id_pk" PRIMARY KEY("user_id","interface_info_id")
);
--> statement-breakpoint
CREATE TABLE "subscription" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"status" text NOT NULL,
	"requested_plan_id" bigint,
	"period_start" timestamp (3) with time zone,
	"period_end" timestamp (3) with time zone,
	"used" integer DEFAULT 0 NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"reply" text,
	"reviewer_id" bigint,
	"create_time" timestamp (0) with time zone NOT NULL,
	"update_time" timestamp (0) with time zone NOT NULL,
	"end_time" timestamp (0) with time zone
);
--> statement-breakpoint
ALTER TABLE "plan_interface" ADD CONSTRAINT "plan_interface_plan_id_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cover" ADD CONSTRAINT "subscription_cover_subscription_id_subscription_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscription"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_plan_id_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription" ADD CONSTRAINT "subscription_requested_plan_id_plan_id_fk" FOREIGN KEY ("requested_plan_id") REFERENCES "public"."plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_interface_interface_idx" ON "plan_interface" USING btree ("interface_info_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plan_interface_default_idx" ON "plan_interface" USING btree ("interface_info_id") WHERE "plan_interface"."is_default";--> statement-breakpoint
CREATE INDEX "subscription_cover_subscription_idx" ON "subscription_cover" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_user_idx" ON "subscription" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "subscription_plan_idx" ON "subscription" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "subscription_status_idx" ON "subscription" USING btree ("status","create_time");