-- Data-protection rights (DPDP Act 2023 §11 export, §12 erasure). Written by hand; works on PGlite
-- and PostgreSQL. Exports are built in the background by whichever instance holds the row's lease.
CREATE TABLE "data_exports" (
	"export_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"site_id" integer NOT NULL,
	"status" text NOT NULL,
	"parts_done" integer DEFAULT 0 NOT NULL,
	"parts_total" integer DEFAULT 0 NOT NULL,
	"file_gzip_base64" text,
	"lease_until" timestamp with time zone,
	"requested_at" timestamp with time zone NOT NULL,
	"ready_at" timestamp with time zone,
	"file_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_open_unique" ON "data_exports" USING btree ("customer_id") WHERE status in ('QUEUED', 'BUILDING');--> statement-breakpoint
CREATE INDEX "data_exports_customer_idx" ON "data_exports" USING btree ("customer_id","requested_at");--> statement-breakpoint
-- Deletion requests: SCHEDULED for the cooling-off period, then ERASED by the erasure job, or CANCELLED.
CREATE TABLE "account_deletions" (
	"request_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"site_id" integer NOT NULL,
	"status" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"erase_after" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_scheduled_unique" ON "account_deletions" USING btree ("customer_id") WHERE status = 'SCHEDULED';--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("status","erase_after");--> statement-breakpoint
-- Each data-rights step is an entry of the consent ledger (kept seven years and more, Rules 2025),
-- under a contract of its own whose version 1 is the notice the My Account screen shows.
ALTER TABLE "consent_ledger" DROP CONSTRAINT "consent_ledger_action_check";--> statement-breakpoint
ALTER TABLE "consent_ledger" ADD CONSTRAINT "consent_ledger_action_check" CHECK ("consent_ledger"."action" in ('respond', 'withdraw', 'export_requested', 'export_ready', 'erasure_requested', 'erasure_cancelled', 'erased'));--> statement-breakpoint
INSERT INTO "consent_contracts" ("contract_id", "title", "site_id") VALUES ('pb-data-rights', 'Your data rights', NULL) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "consent_contract_versions" ("contract_id", "version", "markup", "published_at", "published_by") VALUES ('pb-data-rights', 1, '<p>Under the Digital Personal Data Protection Act, 2023 you may ask for a copy of the personal data we hold about you (§11) and ask us to erase it (§12). Records a law requires us to keep — this consent record and GST invoices — are kept for as long as that law says.</p>', '2026-11-28T00:00:00Z', 'migration 0028') ON CONFLICT DO NOTHING;
