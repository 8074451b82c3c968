-- Account aggregator (apps/server/src/db/schema/aggregator.ts). Written by hand.
CREATE TABLE "aa_consents" (
	"consent_handle" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"source" text NOT NULL,
	"template_id" text NOT NULL,
	"request_status" text NOT NULL,
	"consent_id" uuid,
	"consent_status" text,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "aa_consents_customer_idx" ON "aa_consents" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "aa_consents_consent_id_unique" ON "aa_consents" USING btree ("consent_id");--> statement-breakpoint
CREATE TABLE "aa_journey_states" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"state_id" text NOT NULL,
	"consent_handle" uuid,
	"pending_link_ref" uuid,
	"pending_link_handle" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "aa_accounts" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"consent_handle" uuid NOT NULL,
	"link_ref_number" text NOT NULL,
	"fip_id" text NOT NULL,
	"masked_acc_number" text NOT NULL,
	"acc_type" text NOT NULL,
	"current_balance_paise" bigint,
	"balance_date_time" timestamp with time zone,
	"branch" text,
	"ifsc_code" text,
	"fetched_at" timestamp with time zone,
	"linked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "aa_accounts_link_ref_unique" ON "aa_accounts" USING btree ("link_ref_number");--> statement-breakpoint
CREATE INDEX "aa_accounts_customer_idx" ON "aa_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE TABLE "aa_transactions" (
	"account_id" uuid NOT NULL,
	"txn_id" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"type" text NOT NULL,
	"mode" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"current_balance_paise" bigint NOT NULL,
	"transaction_timestamp" timestamp with time zone NOT NULL,
	"value_date" text NOT NULL,
	"narration" text NOT NULL,
	"reference" text NOT NULL,
	CONSTRAINT "aa_transactions_account_id_txn_id_pk" PRIMARY KEY("account_id","txn_id")
);
--> statement-breakpoint
CREATE INDEX "aa_transactions_account_time_idx" ON "aa_transactions" USING btree ("account_id","transaction_timestamp");--> statement-breakpoint
CREATE TABLE "aa_fetch_jobs" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"consent_id" uuid NOT NULL,
	"status" text NOT NULL,
	"session_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- At most one open fetch per consent: a second refresh meets this index and joins the open job.
CREATE UNIQUE INDEX "aa_fetch_jobs_open_unique" ON "aa_fetch_jobs" USING btree ("consent_id") WHERE status in ('QUEUED', 'REQUESTED');--> statement-breakpoint
CREATE INDEX "aa_fetch_jobs_customer_idx" ON "aa_fetch_jobs" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE TABLE "aa_audit" (
	"entry_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"customer_id" uuid NOT NULL,
	"event" text NOT NULL,
	"consent_id" uuid,
	"detail" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "aa_audit_customer_idx" ON "aa_audit" USING btree ("customer_id","at");
