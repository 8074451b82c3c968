-- Account aggregator reads (db/schema/aggregator.ts). Written by hand.
--
-- The deletion path (deActivateUserData, the data-rights eraser) deletes a customer's fetched
-- transactions by customer_id; the table's other indexes lead with account_id, so without this one
-- each deletion scans the whole table.
CREATE INDEX IF NOT EXISTS "aa_transactions_customer_idx" ON "aa_transactions" USING btree ("customer_id");--> statement-breakpoint
-- When the consent's state was last asked of the AA (modules/aggregator consent-records.ts): the
-- pages check it at most once a minute, not on every load. Null: never asked since approval.
ALTER TABLE "aa_consents" ADD COLUMN IF NOT EXISTS "status_checked_at" timestamp with time zone;
