CREATE TABLE "analytics_events" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"event" text NOT NULL,
	"category" text,
	"action" text,
	"label" text,
	"page_type" text,
	"user_type" text,
	"client_id" text,
	"lob" text,
	"visitor_id" text,
	"visit_id" text,
	"page_url" text,
	"occurred_at" timestamp with time zone,
	"data" jsonb,
	"device_hash" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_site_received_idx" ON "analytics_events" USING btree ("site_id","received_at");