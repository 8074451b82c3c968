-- Customer/setSSID accepts only a one-time handoff; its row keeps the client it was
-- minted for and the session token sealed under the handoff (modules/sso/sessions/ssid-handoff.ts).
ALTER TABLE "sso_one_time_keys" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "sso_one_time_keys" ADD COLUMN "sealed_session_token" text;
