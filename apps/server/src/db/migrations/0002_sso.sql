CREATE TABLE "rate_limit_hits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"hit_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_access_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"code_id" uuid,
	"session_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"scope" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_authorization_codes" (
	"code_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"scope" text NOT NULL,
	"code_challenge" text,
	"customer_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"visitor_id" text,
	"visit_id" text,
	"sealed_session_token" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sso_authorization_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_caller_id_requests" (
	"request_nonce" text PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"mobile_no" text,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_customers" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"mobile_no" text NOT NULL,
	"email" text,
	"password_hash" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_customers_mobile_no_unique" UNIQUE("mobile_no"),
	CONSTRAINT "sso_customers_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "sso_one_time_keys" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"customer_id" uuid,
	"session_id" uuid,
	"site_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_otp_codes" (
	"mobile_key" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"pepper_kid" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"site_id" integer,
	"device_hash" text,
	"method" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sso_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_trusted_devices" (
	"customer_id" uuid NOT NULL,
	"device_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_trusted_devices_customer_id_device_hash_pk" PRIMARY KEY("customer_id","device_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_key_idx" ON "rate_limit_hits" USING btree ("key","hit_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_access_tokens_code_idx" ON "sso_access_tokens" USING btree ("code_id");--> statement-breakpoint
CREATE INDEX "sso_access_tokens_session_idx" ON "sso_access_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sso_authorization_codes_expires_idx" ON "sso_authorization_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sso_sessions_customer_idx" ON "sso_sessions" USING btree ("customer_id");