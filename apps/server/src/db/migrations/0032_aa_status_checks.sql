-- When a customer's consents were last asked of the AA (modules/aggregator consent-records.ts): the
-- pages ask at most once a minute per customer, every consent of theirs in that one check. Written
-- by hand.
--
-- One row per customer, so the turn is taken with one INSERT … ON CONFLICT DO UPDATE … WHERE: the
-- row's lock lines concurrent readers of any instance up and only the first finds it older than the
-- minute. aa_consents.status_checked_at (migration 0030, the check per consent) is no longer written.
CREATE TABLE IF NOT EXISTS "aa_status_checks" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone NOT NULL
);
