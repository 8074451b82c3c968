-- One site entry per visitor, site and customer (modules/activity): "owner" is the customer id, or
-- '' for what a visitor stored without signing in. Written by hand.
--
-- The key was (visitor, site), and each store labelled the one row with its caller's customer id:
-- a second customer on a shared browser took over the first one's entry (and read it), a read by
-- visitor id alone answered whatever a signed-in customer had stored, and the first customer's
-- erasure (by customer id) missed the entry once it was relabelled. Existing rows keep the customer
-- they hold now.
ALTER TABLE "site_activity" ADD COLUMN IF NOT EXISTS "owner" text NOT NULL DEFAULT '';--> statement-breakpoint
-- Customer ids in lower case, as the server keeps them everywhere (uuid columns answer lower case):
-- an id stored as sent in upper case escaped the export and the erasure, which match it exactly.
UPDATE "site_activity" SET "customer_id" = lower("customer_id"), "owner" = lower("customer_id") WHERE "customer_id" IS NOT NULL AND "owner" = '';--> statement-breakpoint
ALTER TABLE "site_activity" DROP CONSTRAINT IF EXISTS "site_activity_visitor_id_site_id_pk";--> statement-breakpoint
ALTER TABLE "site_activity" ADD CONSTRAINT "site_activity_visitor_id_site_id_owner_pk" PRIMARY KEY ("visitor_id", "site_id", "owner");
