-- When a paid add-on purchase was handed to its invoice step (modules/add-ons onPaid) and the step
-- succeeded. Written by hand.
--
-- The step ran once, in the request that settled the payment; when it failed (the database away, the
-- invoice supplier not configured yet) the purchase stayed paid with no invoice for good. A purchase
-- paid and not handed over is now taken again by the module's sweep until its step succeeds (the
-- invoice is issued once per purchase id, so a repeat is harmless). Purchases paid before this
-- migration are swept too: an invoice missing from one of them is issued, one already there is
-- answered as it is.
ALTER TABLE "add_on_purchases" ADD COLUMN IF NOT EXISTS "handed_over_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "add_on_purchases_hand_over_idx" ON "add_on_purchases" USING btree ("paid_at") WHERE "status" = 'SUCCESS' AND "handed_over_at" IS NULL;
