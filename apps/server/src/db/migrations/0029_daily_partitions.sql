-- Visits and analytics events partitioned by day (PostgreSQL §5.12, declarative partitioning), so
-- retention drops a whole day instead of deleting rows one by one (README "Analytics events and
-- retention"). Written by hand (db/schema/visits.ts, db/schema/analytics.ts, db/daily-partitions.ts).
--
-- The partition key is received_on, the UTC day the server took the row, not received_at: a primary
-- key on a partitioned table must include the partition key (PostgreSQL §5.12.2.3), and with the
-- instant in the key a retry sent a second later would no longer collide with the first copy. With
-- the day, a retry on the same day still does; the inserts look one day back for the rest.
--
-- pravesh_maintain_daily_partitions creates today's and tomorrow's partitions and drops those whose
-- every row is older than keep_days. The server runs it every hour on every instance: one advisory
-- lock per table makes the others wait and then find nothing to do. SECURITY DEFINER, so the app's
-- role of migration 0006 (no CREATE, not the owner) can run it; it touches only these two tables.
CREATE OR REPLACE FUNCTION pravesh_maintain_daily_partitions(parent text, today date, keep_days integer)
RETURNS SETOF text
LANGUAGE plpgsql
SECURITY DEFINER
SET search_path = pg_catalog, public
-- Creating or dropping a partition locks the parent against inserts: never queue behind a long
-- reader (every insert would then queue behind us); give up and try again at the next run.
SET lock_timeout = '5s'
AS $$
DECLARE
	day date;
	partition_name text;
	part record;
	upper_bound date;
BEGIN
	IF parent NOT IN ('visits', 'analytics_events') THEN
		RAISE EXCEPTION 'pravesh_maintain_daily_partitions: % is not partitioned by day', parent;
	END IF;
	IF keep_days IS NULL OR keep_days < 1 THEN
		RAISE EXCEPTION 'pravesh_maintain_daily_partitions: keep_days must be at least 1';
	END IF;
	PERFORM pg_advisory_xact_lock(hashtext('pravesh_maintain_daily_partitions:' || parent));
	FOR day IN SELECT generate_series(today, today + 1, interval '1 day')::date LOOP
		partition_name := parent || '_p' || to_char(day, 'YYYYMMDD');
		IF to_regclass(format('public.%I', partition_name)) IS NULL THEN
			EXECUTE format('CREATE TABLE public.%I PARTITION OF public.%I FOR VALUES FROM (%L) TO (%L)',
				partition_name, parent, day, day + 1);
			RETURN NEXT 'created ' || partition_name;
		END IF;
	END LOOP;
	FOR part IN
		SELECT child.relname AS name, pg_get_expr(child.relpartbound, child.oid) AS bound
		FROM pg_inherits JOIN pg_class child ON child.oid = pg_inherits.inhrelid
		WHERE pg_inherits.inhparent = format('public.%I', parent)::regclass
		ORDER BY child.relname
	LOOP
		-- A day's bound reads FOR VALUES FROM ('2026-11-28') TO ('2026-11-29'); the upper one is exclusive.
		upper_bound := substring(part.bound FROM 'TO \(''([0-9-]+)''\)')::date;
		IF upper_bound IS NOT NULL AND upper_bound <= today - keep_days THEN
			EXECUTE format('DROP TABLE public.%I', part.name);
			RETURN NEXT 'dropped ' || part.name;
		END IF;
	END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "visits" RENAME TO "visits_unpartitioned";--> statement-breakpoint
ALTER TABLE "visits_unpartitioned" RENAME CONSTRAINT "visits_pkey" TO "visits_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "visits_received_brin" RENAME TO "visits_unpartitioned_received_brin";--> statement-breakpoint
CREATE TABLE "visits" (
	LIKE "visits_unpartitioned" INCLUDING DEFAULTS,
	"received_on" date DEFAULT ((now() AT TIME ZONE 'UTC')::date) NOT NULL,
	CONSTRAINT "visits_pkey" PRIMARY KEY ("visit_id", "received_on")
) PARTITION BY RANGE ("received_on");--> statement-breakpoint
CREATE INDEX "visits_received_brin" ON "visits" USING brin ("received_at");--> statement-breakpoint
ALTER TABLE "analytics_events" RENAME TO "analytics_events_unpartitioned";--> statement-breakpoint
ALTER TABLE "analytics_events_unpartitioned" RENAME CONSTRAINT "analytics_events_pkey" TO "analytics_events_unpartitioned_pkey";--> statement-breakpoint
ALTER INDEX "analytics_events_received_brin" RENAME TO "analytics_events_unpartitioned_received_brin";--> statement-breakpoint
CREATE TABLE "analytics_events" (
	LIKE "analytics_events_unpartitioned" INCLUDING DEFAULTS,
	"received_on" date DEFAULT ((now() AT TIME ZONE 'UTC')::date) NOT NULL,
	CONSTRAINT "analytics_events_pkey" PRIMARY KEY ("event_id", "received_on")
) PARTITION BY RANGE ("received_on");--> statement-breakpoint
CREATE INDEX "analytics_events_received_brin" ON "analytics_events" USING brin ("received_at");--> statement-breakpoint
-- A partition for every day the old tables hold, and for today and tomorrow; then the rows move
-- over. (On a large table this copy is the migration's long step: run it in a quiet hour.)
DO $$
DECLARE
	day date;
BEGIN
	FOR day IN SELECT DISTINCT (received_at AT TIME ZONE 'UTC')::date FROM visits_unpartitioned LOOP
		EXECUTE format('CREATE TABLE public.%I PARTITION OF public.visits FOR VALUES FROM (%L) TO (%L)',
			'visits_p' || to_char(day, 'YYYYMMDD'), day, day + 1);
	END LOOP;
	FOR day IN SELECT DISTINCT (received_at AT TIME ZONE 'UTC')::date FROM analytics_events_unpartitioned LOOP
		EXECUTE format('CREATE TABLE public.%I PARTITION OF public.analytics_events FOR VALUES FROM (%L) TO (%L)',
			'analytics_events_p' || to_char(day, 'YYYYMMDD'), day, day + 1);
	END LOOP;
	-- Nothing is dropped here (keep_days: a century): retention is the running server's job.
	PERFORM pravesh_maintain_daily_partitions('visits', (now() AT TIME ZONE 'UTC')::date, 36500);
	PERFORM pravesh_maintain_daily_partitions('analytics_events', (now() AT TIME ZONE 'UTC')::date, 36500);
END
$$;--> statement-breakpoint
INSERT INTO "visits" SELECT *, ("received_at" AT TIME ZONE 'UTC')::date FROM "visits_unpartitioned";--> statement-breakpoint
INSERT INTO "analytics_events" SELECT *, ("received_at" AT TIME ZONE 'UTC')::date FROM "analytics_events_unpartitioned";--> statement-breakpoint
DROP TABLE "visits_unpartitioned";--> statement-breakpoint
DROP TABLE "analytics_events_unpartitioned";
