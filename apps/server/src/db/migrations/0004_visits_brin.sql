DROP INDEX "visits_visitor_idx";--> statement-breakpoint
DROP INDEX "visits_site_received_idx";--> statement-breakpoint
CREATE INDEX "visits_received_brin" ON "visits" USING brin ("received_at");