-- Customers' mobile numbers and emails encrypted at rest (AES-256-GCM, kid'd keys)
-- with keyed hashes for look-ups. Existing rows are encrypted by the server at start (the keys
-- live in its configuration, not in the database): customers/store.ts encryptLegacyRows() fills
-- the new columns and empties mobile_no and email; a later migration may drop those two.
ALTER TABLE "sso_customers" ALTER COLUMN "mobile_no" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_customers" ADD COLUMN "mobile_hash" text;--> statement-breakpoint
ALTER TABLE "sso_customers" ADD COLUMN "mobile_enc" text;--> statement-breakpoint
ALTER TABLE "sso_customers" ADD COLUMN "email_hash" text;--> statement-breakpoint
ALTER TABLE "sso_customers" ADD COLUMN "email_enc" text;--> statement-breakpoint
ALTER TABLE "sso_customers" ADD CONSTRAINT "sso_customers_mobile_hash_unique" UNIQUE("mobile_hash");--> statement-breakpoint
ALTER TABLE "sso_customers" ADD CONSTRAINT "sso_customers_email_hash_unique" UNIQUE("email_hash");--> statement-breakpoint
-- Browsers trusted for a customer's password sign-in, by a server-issued cookie.
CREATE TABLE "sso_device_trust" (
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_device_trust_token_hash_customer_id_pk" PRIMARY KEY("token_hash","customer_id")
);--> statement-breakpoint
CREATE INDEX "sso_device_trust_customer_idx" ON "sso_device_trust" USING btree ("customer_id");
