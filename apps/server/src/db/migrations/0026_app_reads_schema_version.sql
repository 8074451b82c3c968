-- The server's own role (granted pravesh_app, migration 0006) reads which migrations are applied:
-- with migrations a release step of their own (PRAVESH_MIGRATE_ON_START=0, production's default),
-- an instance checks the schema's version before it starts (db/schema-version.ts), and without
-- these grants that check failed with "permission denied for schema drizzle". Read only: the
-- owner alone applies migrations.
DO $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'pravesh_app') THEN
		RETURN;
	END IF;
	GRANT USAGE ON SCHEMA drizzle TO pravesh_app;
	GRANT SELECT ON drizzle.__drizzle_migrations TO pravesh_app;
END;
$$;
