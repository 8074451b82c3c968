-- Holdings elsewhere in the marketplace (apps/server/src/db/schema/holdings.ts): mutual
-- fund folios, wallet protection policies and ONDC loans as the partner platforms report them.
-- Written by hand (the tables' part of drizzle-kit export).
CREATE TABLE "mutual_fund_folios" (
	"folio_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"folio_number" text NOT NULL,
	"isin" text NOT NULL,
	"amc_name" text NOT NULL,
	"scheme_name" text NOT NULL,
	"category" text NOT NULL,
	"plan" text NOT NULL,
	"units" numeric(18, 3) NOT NULL,
	"nav" numeric(14, 4) NOT NULL,
	"nav_date" date NOT NULL,
	"invested_paise" bigint NOT NULL,
	"sip_status" text,
	"sip_amount_paise" bigint,
	"sip_day" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mutual_fund_folios_category_check" CHECK ("mutual_fund_folios"."category" in ('EQUITY', 'DEBT', 'HYBRID', 'INDEX', 'ELSS')),
	CONSTRAINT "mutual_fund_folios_plan_check" CHECK ("mutual_fund_folios"."plan" in ('DIRECT', 'REGULAR')),
	CONSTRAINT "mutual_fund_folios_amounts_check" CHECK ("mutual_fund_folios"."units" >= 0 and "mutual_fund_folios"."nav" > 0 and "mutual_fund_folios"."invested_paise" >= 0),
	CONSTRAINT "mutual_fund_folios_sip_check" CHECK (("mutual_fund_folios"."sip_status" is null and "mutual_fund_folios"."sip_amount_paise" is null and "mutual_fund_folios"."sip_day" is null) or ("mutual_fund_folios"."sip_status" in ('ACTIVE', 'PAUSED', 'STOPPED') and "mutual_fund_folios"."sip_amount_paise" > 0 and "mutual_fund_folios"."sip_day" between 1 and 28))
);--> statement-breakpoint
CREATE TABLE "ondc_loans" (
	"loan_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"lender_name" text NOT NULL,
	"loan_account_number" text NOT NULL,
	"product_name" text NOT NULL,
	"principal_paise" bigint NOT NULL,
	"annual_rate_basis_points" integer NOT NULL,
	"tenure_months" integer NOT NULL,
	"emi_paise" bigint NOT NULL,
	"disbursed_on" date NOT NULL,
	"first_emi_date" date NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ondc_loans_terms_check" CHECK ("ondc_loans"."principal_paise" > 0 and "ondc_loans"."emi_paise" > 0 and "ondc_loans"."tenure_months" between 1 and 360 and "ondc_loans"."annual_rate_basis_points" between 0 and 6000 and "ondc_loans"."first_emi_date" > "ondc_loans"."disbursed_on")
);--> statement-breakpoint
CREATE TABLE "wallet_protection_policies" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"policy_number" text NOT NULL,
	"insurer_name" text NOT NULL,
	"plan_name" text NOT NULL,
	"cover_paise" bigint NOT NULL,
	"premium_paise" bigint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"cards_covered" integer NOT NULL,
	"benefits" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_protection_policies_terms_check" CHECK ("wallet_protection_policies"."cover_paise" > 0 and "wallet_protection_policies"."premium_paise" > 0 and "wallet_protection_policies"."end_date" >= "wallet_protection_policies"."start_date" and "wallet_protection_policies"."cards_covered" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "mutual_fund_folios_scheme_unique" ON "mutual_fund_folios" USING btree ("customer_id","folio_number","isin");--> statement-breakpoint
CREATE UNIQUE INDEX "ondc_loans_account_unique" ON "ondc_loans" USING btree ("lender_name","loan_account_number");--> statement-breakpoint
CREATE INDEX "ondc_loans_customer_idx" ON "ondc_loans" USING btree ("customer_id","disbursed_on");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_protection_policies_number_unique" ON "wallet_protection_policies" USING btree ("insurer_name","policy_number");--> statement-breakpoint
CREATE INDEX "wallet_protection_policies_customer_idx" ON "wallet_protection_policies" USING btree ("customer_id","end_date");
