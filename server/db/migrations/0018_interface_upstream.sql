CREATE TABLE "interface_upstream" (
	"interface_info_id" bigint PRIMARY KEY NOT NULL,
	"credentials_sealed" text,
	"credential_hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret_sealed" text NOT NULL,
	"previous_sealed" text,
	"previous_until" timestamp with time zone,
	"secret_time" timestamp (0) with time zone NOT NULL,
	"timeout_ms" integer,
	"retries" smallint DEFAULT 0 NOT NULL,
	"max_connections" integer,
	"update_time" timestamp (0) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interface_call" ADD COLUMN "tries" smallint DEFAULT 1 NOT NULL;