CREATE TABLE "consent_received" (
	"visitor_id" text NOT NULL,
	"site_id" integer NOT NULL,
	"contract_id" text DEFAULT '' NOT NULL,
	"customer_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_received_visitor_id_site_id_contract_id_pk" PRIMARY KEY("visitor_id","site_id","contract_id")
);
--> statement-breakpoint
CREATE TABLE "site_activity" (
	"visitor_id" text NOT NULL,
	"site_id" integer NOT NULL,
	"customer_id" text,
	"visit_id" text,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"leads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_activity_visitor_id_site_id_pk" PRIMARY KEY("visitor_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"visit_id" uuid PRIMARY KEY NOT NULL,
	"visitor_id" text NOT NULL,
	"device_id" text,
	"parent_visit_id" text,
	"absolute_parent_visit_id" text,
	"site_id" integer NOT NULL,
	"site_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"complete_url" text NOT NULL,
	"utm_content" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_source" text,
	"utm_name" text,
	"utm_term" text,
	"utm_title" text,
	"utm" text,
	"data_source" text,
	"pb_utm_campaign" text,
	"pb_utm_content" text,
	"pb_utm_medium" text,
	"pb_utm_source" text,
	"pb_utm_term" text,
	"device_hash" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "device_id" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "parent_visit_id" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "absolute_parent_visit_id" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "customer_id" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "mobile_hash" text;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "reported_site_id" integer;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "user_state" text;--> statement-breakpoint
CREATE INDEX "consent_received_customer_idx" ON "consent_received" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "site_activity_customer_idx" ON "site_activity" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "visits_visitor_idx" ON "visits" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "visits_site_received_idx" ON "visits" USING btree ("site_id","received_at");