-- Pbguc/event/produce stores every event; the (site_id, received_at) B-tree cost each
-- insert about a sixth of its time on PGlite. Events arrive in time order, so a BRIN index on
-- received_at (PostgreSQL §71) serves time-range reports at a fraction of the upkeep.
-- Written by hand (apps/server/src/db/schema/analytics.ts).
DROP INDEX IF EXISTS "analytics_events_site_received_idx";--> statement-breakpoint
CREATE INDEX "analytics_events_received_brin" ON "analytics_events" USING brin ("received_at");
