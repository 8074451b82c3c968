-- Leads (apps/server/src/db/schema/leads.ts). Written by hand.
CREATE TABLE "leads" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"offer_id" text NOT NULL,
	"product" text NOT NULL,
	"lender_id" text NOT NULL,
	"lender_name" text NOT NULL,
	"product_name" text NOT NULL,
	"partner_image" text,
	"status" text NOT NULL,
	"partner_status" text,
	"continue_url" text NOT NULL,
	"visit_id" text,
	"site_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leads_status_check" CHECK (status in ('CREATED', 'SUBMITTED', 'ACTION_REQUIRED', 'SANCTIONED', 'REJECTED', 'DISBURSED', 'CARD_ISSUED', 'COMPLETED', 'EXPIRED', 'WITHDRAWN'))
);
--> statement-breakpoint
-- Exactly one open lead per customer and offer: a retried or concurrent apply meets this index
-- (INSERT … ON CONFLICT DO NOTHING) and answers the lead that is already there.
CREATE UNIQUE INDEX "leads_open_offer_unique" ON "leads" USING btree ("customer_id","offer_id") WHERE status in ('CREATED', 'SUBMITTED', 'ACTION_REQUIRED', 'SANCTIONED', 'DISBURSED', 'CARD_ISSUED');--> statement-breakpoint
CREATE INDEX "leads_customer_idx" ON "leads" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE TABLE "lead_status_history" (
	"entry_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
	"lead_id" uuid NOT NULL,
	"status" text NOT NULL,
	"partner_status" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_status_history_status_check" CHECK (status in ('CREATED', 'SUBMITTED', 'ACTION_REQUIRED', 'SANCTIONED', 'REJECTED', 'DISBURSED', 'CARD_ISSUED', 'COMPLETED', 'EXPIRED', 'WITHDRAWN'))
);
--> statement-breakpoint
ALTER TABLE "lead_status_history" ADD CONSTRAINT "lead_status_history_lead_id_leads_lead_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("lead_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_status_history_lead_idx" ON "lead_status_history" USING btree ("lead_id","entry_id");
