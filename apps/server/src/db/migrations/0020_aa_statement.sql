ALTER TABLE "aa_accounts" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "aa_accounts" ADD COLUMN "credit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "aa_accounts" ADD COLUMN "debit_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "aa_accounts" SET
  "credit_count" = (SELECT count(*) FROM "aa_transactions" t WHERE t."account_id" = "aa_accounts"."account_id" AND t."type" = 'CREDIT'),
  "debit_count" = (SELECT count(*) FROM "aa_transactions" t WHERE t."account_id" = "aa_accounts"."account_id" AND t."type" = 'DEBIT');--> statement-breakpoint
DROP INDEX IF EXISTS "aa_transactions_account_time_idx";--> statement-breakpoint
CREATE INDEX "aa_transactions_account_page_idx" ON "aa_transactions" USING btree ("account_id","transaction_timestamp","txn_id");--> statement-breakpoint
CREATE INDEX "aa_transactions_account_type_page_idx" ON "aa_transactions" USING btree ("account_id","type","transaction_timestamp","txn_id");
