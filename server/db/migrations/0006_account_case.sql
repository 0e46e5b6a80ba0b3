ALTER TABLE "app_user" ADD COLUMN "case_twin" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Names registered before that differ only in case: the oldest keeps 0, the others count on, so all stay.
UPDATE "app_user" AS u SET "case_twin" = t.n
FROM (
  SELECT "id", row_number() OVER (PARTITION BY lower("user_account") ORDER BY "id") - 1 AS n FROM "app_user"
) AS t
WHERE u."id" = t."id" AND t.n > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "app_user_account_lower_idx" ON "app_user" USING btree (lower("user_account"),"case_twin");
