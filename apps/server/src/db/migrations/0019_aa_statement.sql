ALTER TABLE "aa_accounts" ADD COLUMN "holder_name" text;--> statement-breakpoint
DROP INDEX IF EXISTS "aa_transactions_account_time_idx";--> statement-breakpoint
CREATE INDEX "aa_transactions_account_page_idx" ON "aa_transactions" USING btree ("account_id","transaction_timestamp","txn_id");--> statement-breakpoint
CREATE INDEX "aa_transactions_account_type_page_idx" ON "aa_transactions" USING btree ("account_id","type","transaction_timestamp","txn_id");
