-- Paid add-on purchases (spec 001 §1). One row per purchase, written before the
-- payment gateway is asked anything, with everything a GST invoice needs (CGST Rules rule 46).
CREATE TABLE "add_on_purchases" (
	"purchase_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"add_on" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"taxable_value_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	"gst_percent" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"sac_code" text NOT NULL,
	"customer_state_code" text,
	"provider" text NOT NULL,
	"provider_order_id" text,
	"provider_payment_id" text,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "add_on_purchases_add_on_check" CHECK ("add_on_purchases"."add_on" in ('CREDIT_HEALTH', 'CREDIT_ADVISOR', 'RECTIFICATION', 'COLLECTION')),
	CONSTRAINT "add_on_purchases_status_check" CHECK ("add_on_purchases"."status" in ('CREATED', 'PENDING', 'SUCCESS', 'FAILED')),
	CONSTRAINT "add_on_purchases_amount_check" CHECK ("add_on_purchases"."amount_paise" = "add_on_purchases"."taxable_value_paise" + "add_on_purchases"."gst_paise" and "add_on_purchases"."taxable_value_paise" >= 0 and "add_on_purchases"."gst_paise" >= 0),
	CONSTRAINT "add_on_purchases_paid_check" CHECK (("add_on_purchases"."status" = 'SUCCESS') = ("add_on_purchases"."paid_at" is not null))
);
--> statement-breakpoint
-- A retried start with the same client key answers the same purchase.
CREATE UNIQUE INDEX "add_on_purchases_key_unique" ON "add_on_purchases" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
-- At most one live purchase per customer and add-on: no double payment from two tabs.
CREATE UNIQUE INDEX "add_on_purchases_live_unique" ON "add_on_purchases" USING btree ("customer_id","add_on") WHERE status in ('CREATED', 'PENDING', 'SUCCESS');--> statement-breakpoint
CREATE INDEX "add_on_purchases_customer_idx" ON "add_on_purchases" USING btree ("customer_id","created_at");
