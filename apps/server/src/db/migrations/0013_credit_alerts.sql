-- Written by hand (spec 001 §7 creditAlerts): alerts derived from the two latest
-- stored pulls of a bureau, stored once per pair of pulls (the unique key makes a repeat a no-op).
CREATE TABLE "credit_alerts" (
	"alert_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"bureau" text NOT NULL,
	"from_version" integer NOT NULL,
	"to_version" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"impact" text NOT NULL,
	"rank" integer NOT NULL,
	"title" text NOT NULL,
	"explanation" text NOT NULL,
	"details" jsonb NOT NULL,
	"pulled_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "credit_alerts_pair_unique" UNIQUE("customer_id","bureau","to_version","kind","subject_key"),
	CONSTRAINT "credit_alerts_bureau_check" CHECK ("credit_alerts"."bureau" in ('CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX')),
	CONSTRAINT "credit_alerts_impact_check" CHECK ("credit_alerts"."impact" in ('POSITIVE', 'NEGATIVE')),
	CONSTRAINT "credit_alerts_versions_check" CHECK ("credit_alerts"."from_version" >= 1 and "credit_alerts"."to_version" > "credit_alerts"."from_version")
);
--> statement-breakpoint
CREATE INDEX "credit_alerts_customer_idx" ON "credit_alerts" USING btree ("customer_id","pulled_at");
--> statement-breakpoint
CREATE TABLE "credit_alert_derivations" (
	"customer_id" text NOT NULL,
	"bureau" text NOT NULL,
	"to_version" integer NOT NULL,
	"derived_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_alert_derivations_customer_id_bureau_to_version_pk" PRIMARY KEY("customer_id","bureau","to_version")
);
--> statement-breakpoint
CREATE TABLE "credit_alert_subscriptions" (
	"customer_id" text NOT NULL,
	"bureau" text NOT NULL,
	"subscribed" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_alert_subscriptions_customer_id_bureau_pk" PRIMARY KEY("customer_id","bureau"),
	CONSTRAINT "credit_alert_subscriptions_bureau_check" CHECK ("credit_alert_subscriptions"."bureau" in ('CIBIL', 'EXPERIAN', 'HIGHMARK', 'EQUIFAX'))
);
