CREATE TABLE "consent_contract_versions" (
	"contract_id" text NOT NULL,
	"version" integer NOT NULL,
	"markup" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"published_by" text NOT NULL,
	CONSTRAINT "consent_contract_versions_contract_id_version_pk" PRIMARY KEY("contract_id","version"),
	CONSTRAINT "consent_contract_versions_version_check" CHECK ("consent_contract_versions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "consent_contracts" (
	"contract_id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"site_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_ledger" (
	"entry_id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "consent_ledger_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"subject" text NOT NULL,
	"contract_id" text NOT NULL,
	"contract_version" integer NOT NULL,
	"action" text NOT NULL,
	"user_value" text NOT NULL,
	"consent_state" integer NOT NULL,
	"customer_id" text,
	"visitor_id" text NOT NULL,
	"visit_id" text,
	"site_id" integer NOT NULL,
	"page_url" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"ip_hash" text,
	"user_agent_hash" text,
	"cookie_id" text,
	"provider_cookie_id" text,
	"environment" text,
	"reason" text,
	CONSTRAINT "consent_ledger_seq_unique" UNIQUE("seq"),
	CONSTRAINT "consent_ledger_action_check" CHECK ("consent_ledger"."action" in ('respond', 'withdraw')),
	CONSTRAINT "consent_ledger_user_value_check" CHECK ("consent_ledger"."user_value" in ('Y', 'N')),
	CONSTRAINT "consent_ledger_consent_state_check" CHECK ("consent_ledger"."consent_state" in (1, 2))
);
--> statement-breakpoint
ALTER TABLE "consent_contract_versions" ADD CONSTRAINT "consent_contract_versions_contract_id_consent_contracts_contract_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."consent_contracts"("contract_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_ledger" ADD CONSTRAINT "consent_ledger_version_fk" FOREIGN KEY ("contract_id","contract_version") REFERENCES "public"."consent_contract_versions"("contract_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_ledger_subject_idx" ON "consent_ledger" USING btree ("subject","contract_id","seq");--> statement-breakpoint
CREATE INDEX "consent_ledger_customer_idx" ON "consent_ledger" USING btree ("customer_id","seq");--> statement-breakpoint
-- Written by hand after drizzle-kit generate: the ledger and the published versions are
-- append-only, enforced by the database itself, so no route, script or operator session can
-- rewrite a decision or the text it was about (DPDP Act 2023 §6: consent must be provable).
CREATE FUNCTION "consent_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "consent_ledger_append_only" BEFORE UPDATE OR DELETE ON "consent_ledger" FOR EACH ROW EXECUTE FUNCTION "consent_append_only"();--> statement-breakpoint
CREATE TRIGGER "consent_ledger_no_truncate" BEFORE TRUNCATE ON "consent_ledger" FOR EACH STATEMENT EXECUTE FUNCTION "consent_append_only"();--> statement-breakpoint
CREATE TRIGGER "consent_contract_versions_append_only" BEFORE UPDATE OR DELETE ON "consent_contract_versions" FOR EACH ROW EXECUTE FUNCTION "consent_append_only"();--> statement-breakpoint
CREATE TRIGGER "consent_contract_versions_no_truncate" BEFORE TRUNCATE ON "consent_contract_versions" FOR EACH STATEMENT EXECUTE FUNCTION "consent_append_only"();
