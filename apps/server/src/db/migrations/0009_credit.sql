CREATE TABLE "credit_pulls" (
	"pull_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"bureau" text NOT NULL,
	"version" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"score_state" text NOT NULL,
	"score" integer,
	"raw_score" text,
	"risk_index" integer,
	"score_band" text,
	"previous_score" integer,
	"date_applied" timestamp with time zone NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL,
	"next_refresh_at" timestamp with time zone NOT NULL,
	"consent_reference" text NOT NULL,
	"report" jsonb,
	"score_history" jsonb NOT NULL,
	CONSTRAINT "credit_pulls_version_unique" UNIQUE("customer_id","bureau","version"),
	CONSTRAINT "credit_pulls_bureau_check" CHECK ("credit_pulls"."bureau" in ('CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX')),
	CONSTRAINT "credit_pulls_version_check" CHECK ("credit_pulls"."version" >= 1),
	CONSTRAINT "credit_pulls_state_check" CHECK ("credit_pulls"."score_state" in ('SCORE', 'NO_HIT', 'NEW_TO_CREDIT')),
	CONSTRAINT "credit_pulls_score_check" CHECK (("credit_pulls"."score_state" = 'SCORE') = ("credit_pulls"."score" is not null) and ("credit_pulls"."score" is null or "credit_pulls"."score" between 300 and 900)),
	CONSTRAINT "credit_pulls_previous_score_check" CHECK ("credit_pulls"."previous_score" is null or "credit_pulls"."previous_score" between 300 and 900),
	CONSTRAINT "credit_pulls_band_check" CHECK ("credit_pulls"."score_band" is null or "credit_pulls"."score_band" in ('EXCELLENT', 'VERY_GOOD', 'GOOD', 'FAIR', 'LOW', 'VERY_LOW'))
);
--> statement-breakpoint
-- Written by hand: a new pull never overwrites an old one. Pulls are versions, so an
-- UPDATE is refused by the database itself, whoever sends it. DELETE stays allowed: a customer's
-- data must be erasable (DPDP Act 2023 §12).
CREATE FUNCTION "credit_pulls_no_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION '% keeps every pull: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_pulls_versions_only" BEFORE UPDATE ON "credit_pulls" FOR EACH ROW EXECUTE FUNCTION "credit_pulls_no_update"();
