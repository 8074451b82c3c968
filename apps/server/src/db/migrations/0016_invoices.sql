-- GST tax invoices (apps/server/src/db/schema/invoices.ts). Written by hand.
-- One series row per Indian financial year: issuing bumps last_serial with
-- INSERT … ON CONFLICT DO UPDATE in the invoice's own transaction (row lock until commit), so the
-- series has no gaps and no repeats.
CREATE TABLE "invoice_series" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_serial" integer NOT NULL,
	CONSTRAINT "invoice_series_serial_check" CHECK ("invoice_series"."last_serial" >= 1)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"purchase_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"financial_year" text NOT NULL,
	"serial" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"supplier_name" text NOT NULL,
	"supplier_address" text NOT NULL,
	"supplier_gstin" text NOT NULL,
	"supplier_state_code" text NOT NULL,
	"recipient_name" text,
	"recipient_mobile_masked" text NOT NULL,
	"recipient_state_code" text,
	"place_of_supply_code" text NOT NULL,
	"description" text NOT NULL,
	"sac_code" text NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"gst_rate_basis_points" integer NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	"total_paise" bigint NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	CONSTRAINT "invoices_number_check" CHECK ("invoices"."invoice_number" ~ '^[A-Z0-9/-]{1,16}$'),
	CONSTRAINT "invoices_sac_check" CHECK ("invoices"."sac_code" ~ '^99[0-9]{4}$'),
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."taxable_paise" >= 0 and "invoices"."total_paise" = "invoices"."taxable_paise" + "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise")
);
--> statement-breakpoint
-- Issuing is idempotent by purchase: a retried or concurrent issue meets this index.
CREATE UNIQUE INDEX "invoices_purchase_unique" ON "invoices" USING btree ("purchase_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_unique" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_unique" ON "invoices" USING btree ("financial_year","serial");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","issued_at");
