-- Written by hand: the consent ledger as proof that survives its own database.
--
-- 1. A hash chain. Every entry carries prev_hash (the entry_hash of the entry before it in chain
--    order) and entry_hash = sha256 over a canonical text of its fields and prev_hash; the head
--    row holds the last position and hash. A BEFORE INSERT trigger fills the three columns under
--    a row lock on the head, so appends are serialised into one linear chain whoever inserts, and
--    the app cannot choose its own hashes. `npm run contract -- verify-ledger` recomputes the chain
--    (in TypeScript, apart from these functions) and names the first entry that does not match.
--    The canonical text: "pravesh-consent-ledger-v1|" then, per field in the order below,
--    "<octet length>:<text>|", or "~|" for NULL; times as UTC "YYYY-MM-DDTHH:MI:SS.ffffffZ".
--
-- 2. A role for the app with INSERT and SELECT only on the ledger and on published contract
--    versions (and the usual rights elsewhere), so the app's own connection can neither rewrite an
--    entry nor switch the append-only triggers off (that needs the table's owner, who runs these
--    migrations). pravesh_app cannot log in: operators grant it to the login role the server uses,
--    e.g. CREATE ROLE pravesh_web LOGIN PASSWORD '…' IN ROLE pravesh_app; then DATABASE_URL names
--    pravesh_web and PRAVESH_MIGRATION_DATABASE_URL the owner (README "Configuration").
ALTER TABLE "consent_ledger" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
ALTER TABLE "consent_ledger" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "consent_ledger" ADD COLUMN "entry_hash" text;--> statement-breakpoint
CREATE TABLE "consent_ledger_chain_head" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_position" bigint NOT NULL,
	"entry_hash" text NOT NULL,
	CONSTRAINT "consent_ledger_chain_head_single_row" CHECK ("consent_ledger_chain_head"."id")
);--> statement-breakpoint
INSERT INTO "consent_ledger_chain_head" ("id", "last_position", "entry_hash") VALUES (true, 0, repeat('0', 64));--> statement-breakpoint
CREATE FUNCTION "consent_ledger_field"(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN value IS NULL THEN '~|' ELSE octet_length(value)::text || ':' || value || '|' END
$$;--> statement-breakpoint
CREATE FUNCTION "consent_ledger_hash"(e "consent_ledger") RETURNS text LANGUAGE sql STABLE
SET search_path = public, pg_temp AS $$
	SELECT encode(sha256(convert_to(
		'pravesh-consent-ledger-v1|'
		|| consent_ledger_field(e.chain_position::text)
		|| consent_ledger_field(e.prev_hash)
		|| consent_ledger_field(e.entry_id::text)
		|| consent_ledger_field(e.seq::text)
		|| consent_ledger_field(e.subject)
		|| consent_ledger_field(e.contract_id)
		|| consent_ledger_field(e.contract_version::text)
		|| consent_ledger_field(e.action)
		|| consent_ledger_field(e.user_value)
		|| consent_ledger_field(e.consent_state::text)
		|| consent_ledger_field(e.customer_id)
		|| consent_ledger_field(e.visitor_id)
		|| consent_ledger_field(e.visit_id)
		|| consent_ledger_field(e.site_id::text)
		|| consent_ledger_field(e.page_url)
		|| consent_ledger_field(to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
		|| consent_ledger_field(e.ip_hash)
		|| consent_ledger_field(e.user_agent_hash)
		|| consent_ledger_field(e.cookie_id)
		|| consent_ledger_field(e.provider_cookie_id)
		|| consent_ledger_field(e.environment)
		|| consent_ledger_field(e.reason),
		'UTF8')), 'hex')
$$;--> statement-breakpoint
-- SECURITY DEFINER: the app role appends through it without any right on the head row.
CREATE FUNCTION "consent_ledger_chain"() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
SET search_path = public, pg_temp AS $$
DECLARE
	head_position bigint;
	head_hash text;
BEGIN
	SELECT last_position, entry_hash INTO head_position, head_hash FROM consent_ledger_chain_head WHERE id FOR UPDATE;
	NEW.chain_position := head_position + 1;
	NEW.prev_hash := head_hash;
	NEW.entry_hash := consent_ledger_hash(NEW);
	UPDATE consent_ledger_chain_head SET last_position = NEW.chain_position, entry_hash = NEW.entry_hash WHERE id;
	RETURN NEW;
END;
$$;--> statement-breakpoint
-- Entries stored before this migration join the chain in seq order (the owner may update them once).
ALTER TABLE "consent_ledger" DISABLE TRIGGER "consent_ledger_append_only";--> statement-breakpoint
DO $$
DECLARE
	entry consent_ledger;
	position_now bigint := 0;
	hash_now text := repeat('0', 64);
BEGIN
	FOR entry IN SELECT * FROM consent_ledger ORDER BY seq LOOP
		position_now := position_now + 1;
		entry.chain_position := position_now;
		entry.prev_hash := hash_now;
		hash_now := consent_ledger_hash(entry);
		UPDATE consent_ledger SET chain_position = position_now, prev_hash = entry.prev_hash, entry_hash = hash_now
			WHERE entry_id = entry.entry_id;
	END LOOP;
	UPDATE consent_ledger_chain_head SET last_position = position_now, entry_hash = hash_now WHERE id;
END;
$$;--> statement-breakpoint
ALTER TABLE "consent_ledger" ENABLE TRIGGER "consent_ledger_append_only";--> statement-breakpoint
ALTER TABLE "consent_ledger" ALTER COLUMN "chain_position" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_ledger" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_ledger" ALTER COLUMN "entry_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "consent_ledger" ADD CONSTRAINT "consent_ledger_chain_position_unique" UNIQUE("chain_position");--> statement-breakpoint
CREATE TRIGGER "consent_ledger_chain" BEFORE INSERT ON "consent_ledger" FOR EACH ROW EXECUTE FUNCTION "consent_ledger_chain"();--> statement-breakpoint
-- Roles belong to the cluster, not the database: another database may have created it already. An
-- owner without CREATEROLE (some managed services) skips it: an operator creates pravesh_app and runs
-- the grants below by hand (README "Configuration"); the app then keeps running as the owner.
DO $$
BEGIN
	CREATE ROLE pravesh_app NOLOGIN;
EXCEPTION
	WHEN duplicate_object OR unique_violation THEN NULL;
	WHEN insufficient_privilege THEN RAISE NOTICE 'no CREATEROLE: create the role pravesh_app and grant it by hand';
END;
$$;--> statement-breakpoint
DO $$
BEGIN
	IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'pravesh_app') THEN
		RETURN;
	END IF;
	GRANT USAGE ON SCHEMA public TO pravesh_app;
	GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO pravesh_app;
	GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO pravesh_app;
	-- Tables later migrations create (as the same owner) get the same rights.
	ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO pravesh_app;
	ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO pravesh_app;
	-- The proof: append and read only. The head row is the trigger's alone.
	REVOKE UPDATE, DELETE, TRUNCATE ON consent_ledger, consent_contract_versions FROM pravesh_app;
	REVOKE ALL ON consent_ledger_chain_head FROM pravesh_app;
	GRANT SELECT ON consent_ledger_chain_head TO pravesh_app;
END;
$$;
