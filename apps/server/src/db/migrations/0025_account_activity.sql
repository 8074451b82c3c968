-- The account's security events shown on My Account's active-devices screen (a changed mobile
-- number or email, a device signed out). Written by hand (apps/server/src/db/schema/account-activity.ts).
CREATE TABLE "account_activity" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text,
	"occurred_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "account_activity_customer_idx" ON "account_activity" USING btree ("customer_id","occurred_at");
