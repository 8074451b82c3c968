-- Issue 12 §1.10, the end of migration 0005's move: the clear-text columns go, and the caller-id
-- request's verified number is encrypted like a customer's.
--
-- Safe on existing data: SQL cannot encrypt (the keys are in the server's configuration), so any
-- value still in clear is first copied into sso_pii_backfill, and only then is its column dropped.
-- The server encrypts those values into their rows at start (customers/pii-rotation.ts
-- encryptPendingPii) and deletes each entry as it goes. On a database whose server has started
-- since 0005 (the usual case) the customers' clear columns are already empty and nothing is copied.
CREATE TABLE "sso_pii_backfill" (
	"source" text NOT NULL,
	"row_key" text NOT NULL,
	"field" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "sso_pii_backfill_source_row_key_field_pk" PRIMARY KEY("source","row_key","field")
);--> statement-breakpoint
INSERT INTO "sso_pii_backfill" ("source", "row_key", "field", "value")
	SELECT 'customer', "customer_id"::text, 'mobile', "mobile_no" FROM "sso_customers" WHERE "mobile_no" IS NOT NULL;--> statement-breakpoint
INSERT INTO "sso_pii_backfill" ("source", "row_key", "field", "value")
	SELECT 'customer', "customer_id"::text, 'email', "email" FROM "sso_customers" WHERE "email" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_customers" DROP CONSTRAINT IF EXISTS "sso_customers_mobile_no_unique";--> statement-breakpoint
ALTER TABLE "sso_customers" DROP CONSTRAINT IF EXISTS "sso_customers_email_unique";--> statement-breakpoint
ALTER TABLE "sso_customers" DROP COLUMN "mobile_no";--> statement-breakpoint
ALTER TABLE "sso_customers" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "sso_caller_id_requests" ADD COLUMN "mobile_enc" text;--> statement-breakpoint
-- Only an approved request not yet redeemed still needs its number (redeemed within 5 minutes,
-- caller-id/service.ts); a redeemed, rejected or expired request's number is simply not kept.
INSERT INTO "sso_pii_backfill" ("source", "row_key", "field", "value")
	SELECT 'caller_id_request', "request_nonce", 'mobile', "mobile_no" FROM "sso_caller_id_requests"
	WHERE "mobile_no" IS NOT NULL AND "status" = 'success';--> statement-breakpoint
ALTER TABLE "sso_caller_id_requests" DROP COLUMN "mobile_no";
