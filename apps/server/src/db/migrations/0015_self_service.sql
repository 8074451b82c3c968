-- Self-service (spec 001 §2 preferences and active-devices, §3 user slice
-- preferencesData and preferencesActionCount). Written by hand; works on PGlite and PostgreSQL.
-- A customer's communication preferences: one row per customer, written on the first change. A
-- customer without a row has every channel on and every counter at 0 (spec 001 §3 "each starts at 0").
CREATE TABLE "customer_preferences" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"sms" boolean DEFAULT true NOT NULL,
	"call" boolean DEFAULT true NOT NULL,
	"whatsapp" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"sms_action_count" integer DEFAULT 0 NOT NULL,
	"call_action_count" integer DEFAULT 0 NOT NULL,
	"whatsapp_action_count" integer DEFAULT 0 NOT NULL,
	"email_action_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Active devices (spec 001 §2 active-devices): what a sign-in session was started from, described
-- coarsely at sign-in (device kind and browser from the user agent, a region from the browser's
-- time zone). Older sessions have none and show as "Unknown device".
ALTER TABLE "sso_sessions" ADD COLUMN "device_kind" text;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD COLUMN "browser" text;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD COLUMN "place" text;
