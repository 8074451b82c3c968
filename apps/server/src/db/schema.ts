import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one pg-core schema; PGlite and PostgreSQL share it. Each capability adds its tables here
 * and generates a migration with `npm run db:generate`.
 */

/** Analytics events (spec 000 §3 "Analytics event"), written by pbguc/event/produce. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    /** Client-generated, so a retried send is stored once. */
    eventId: uuid('event_id').primaryKey(),
    siteId: integer('site_id').notNull(),
    event: text('event').notNull(),
    category: text('category'),
    action: text('action'),
    label: text('label'),
    pageType: text('page_type'),
    userType: text('user_type'),
    clientId: text('client_id'),
    lob: text('lob'),
    visitorId: text('visitor_id'),
    visitId: text('visit_id'),
    pageUrl: text('page_url'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /** Device fingerprint hash from the verified pass token. */
    deviceHash: text('device_hash'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    // The rest of the tracking data (spec 000 §3 "Tracking data").
    deviceId: text('device_id'),
    parentVisitId: text('parent_visit_id'),
    absoluteParentVisitId: text('absolute_parent_visit_id'),
    customerId: text('customer_id'),
    /** HMAC-SHA256 of the normalised mobile number; the number itself is never stored. */
    mobileHash: text('mobile_hash'),
    /** The siteId the event names; site_id above is the verified caller's. */
    reportedSiteId: integer('reported_site_id'),
    userState: text('user_state'),
  },
  (table) => [index('analytics_events_site_received_idx').on(table.siteId, table.receivedAt)],
);

/**
 * Visits (spec 000 §3 "Visit"), written by POST /MSP/api/v1/visit in batched multi-row inserts.
 * The campaign fields are stored as sent: base64 where the spec says base64.
 */
export const visits = pgTable(
  'visits',
  {
    /** Client-proposed (or server-made) UUID: a retried call is stored once. */
    visitId: uuid('visit_id').primaryKey(),
    visitorId: text('visitor_id').notNull(),
    deviceId: text('device_id'),
    parentVisitId: text('parent_visit_id'),
    absoluteParentVisitId: text('absolute_parent_visit_id'),
    /** The verified calling site. */
    siteId: integer('site_id').notNull(),
    siteName: text('site_name'),
    /** When the browser says the visit started (createdAt / createdTime), else when it arrived. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completeUrl: text('complete_url').notNull(),
    utmContent: text('utm_content'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmSource: text('utm_source'),
    utmName: text('utm_name'),
    utmTerm: text('utm_term'),
    utmTitle: text('utm_title'),
    utm: text('utm'),
    dataSource: text('data_source'),
    pbUtmCampaign: text('pb_utm_campaign'),
    pbUtmContent: text('pb_utm_content'),
    pbUtmMedium: text('pb_utm_medium'),
    pbUtmSource: text('pb_utm_source'),
    pbUtmTerm: text('pb_utm_term'),
    /** Device fingerprint hash from the verified pass token. */
    deviceHash: text('device_hash'),
    /** Transaction time: every row of one batched insert shares it. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Visits are written on every page view and read by no request: the only index besides the key is
  // a BRIN on the arrival time, for exports and analytics that read them by time, and it costs
  // inserts almost nothing. B-tree indexes on visitor and on (site, arrival) took a fifth of the
  // database's CPU per visit and 6 % of visits/s (bench/visit-ingestion.ts) for queries nothing
  // makes.
  (table) => [index('visits_received_brin').using('brin', table.receivedAt)],
);

/**
 * Shared activity per visitor and site (spec 000 §3 "Site entry": data items, leads, sharedData),
 * written by POST /MSP/api/v1/pbguc/activity and read by pbguc/getApplicationData for the
 * historical merge after sign-in (spec 000 §4 sync flag).
 */
export const siteActivity = pgTable(
  'site_activity',
  {
    visitorId: text('visitor_id').notNull(),
    siteId: integer('site_id').notNull(),
    /** Set once the visitor is known to be this customer; lets other devices' entries merge in. */
    customerId: text('customer_id'),
    visitId: text('visit_id'),
    data: jsonb('data').$type<unknown[]>().notNull().default([]),
    leads: jsonb('leads').$type<unknown[]>().notNull().default([]),
    sharedData: jsonb('shared_data').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.siteId] }),
    index('site_activity_customer_idx').on(table.customerId),
  ],
);

/**
 * Consent received per visitor, site and contract (spec 000 §3 "consentRecievedDate"); written by
 * the consent capability, read by pbguc/getApplicationData.
 */
export const consentReceived = pgTable(
  'consent_received',
  {
    visitorId: text('visitor_id').notNull(),
    siteId: integer('site_id').notNull(),
    contractId: text('contract_id').notNull().default(''),
    customerId: text('customer_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.visitorId, table.siteId, table.contractId] }),
    index('consent_received_customer_idx').on(table.customerId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Single sign-on (issue 4). Secrets are kept only as hashes: OTP codes as an HMAC under a kid'd
// pepper, session tokens, authorization codes and one-time keys as SHA-256 of 256-bit randoms.

/** Customers of the accounts service (spec 000 §3 "Customer data": mobileNo and customerId). */
export const ssoCustomers = pgTable('sso_customers', {
  customerId: uuid('customer_id').primaryKey(),
  /** 10 digits, starting 6–9. */
  mobileNo: text('mobile_no').notNull().unique(),
  /** Lower-cased; the user_credential method accepts it as username. */
  email: text('email').unique(),
  /** scrypt$N$r$p$salt$hash (node:crypto scrypt, per-hash salt); null when no password is set. */
  passwordHash: text('password_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The one live OTP per mobile number; a resend replaces it. */
export const ssoOtpCodes = pgTable('sso_otp_codes', {
  /** HMAC of the mobile number: the number itself is not kept here. */
  mobileKey: text('mobile_key').primaryKey(),
  /** HMAC-SHA256(pepper[pepperKid], mobileKey ":" code). */
  codeHash: text('code_hash').notNull(),
  pepperKid: text('pepper_kid').notNull(),
  /** Verification attempts on this code; the code is dead at the limit (5). */
  attempts: integer('attempts').notNull().default(0),
  /** Sends of the current series (1 = first send, more = resent). */
  sends: integer('sends').notNull().default(1),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** Sessions behind the PB_GLSS_TOKEN cookie (spec 000 §9); revocable. */
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: uuid('session_id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    customerId: uuid('customer_id').notNull(),
    siteId: integer('site_id'),
    deviceHash: text('device_hash'),
    method: text('method').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sso_sessions_customer_idx').on(table.customerId)],
);

/** Authorization codes (RFC 6749 §4.1.2): single use, 60 s, bound to client and redirect_uri. */
export const ssoAuthorizationCodes = pgTable(
  'sso_authorization_codes',
  {
    codeId: uuid('code_id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    clientId: text('client_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull(),
    /** PKCE S256 challenge (RFC 7636), when the authorize request carried one. */
    codeChallenge: text('code_challenge'),
    customerId: uuid('customer_id').notNull(),
    sessionId: uuid('session_id').notNull(),
    visitorId: text('visitor_id'),
    visitId: text('visit_id'),
    /** The session token sealed under a key derived from the code: only the code's holder opens it. */
    sealedSessionToken: text('sealed_session_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sso_authorization_codes_expires_idx').on(table.expiresAt)],
);

/** Access tokens issued (JWTs carry the jti); revocation is checked on every verification. */
export const ssoAccessTokens = pgTable(
  'sso_access_tokens',
  {
    jti: uuid('jti').primaryKey(),
    codeId: uuid('code_id'),
    sessionId: uuid('session_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    clientId: text('client_id').notNull(),
    scope: text('scope').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('sso_access_tokens_code_idx').on(table.codeId),
    index('sso_access_tokens_session_idx').on(table.sessionId),
  ],
);

/** Devices (pass-token device hash) that completed an OTP sign-in: password sign-ins need no MFA there. */
export const ssoTrustedDevices = pgTable(
  'sso_trusted_devices',
  {
    customerId: uuid('customer_id').notNull(),
    deviceHash: text('device_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.customerId, table.deviceHash] })],
);

/** Single-use keys: glss_key handoffs and the jti of redeemed auth_token signatures. */
export const ssoOneTimeKeys = pgTable('sso_one_time_keys', {
  keyHash: text('key_hash').primaryKey(),
  kind: text('kind').notNull(),
  customerId: uuid('customer_id'),
  sessionId: uuid('session_id'),
  siteId: integer('site_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Caller-identification requests (spec 000 §3, §4): a nonce, its status and, once approved, the number. */
export const ssoCallerIdRequests = pgTable('sso_caller_id_requests', {
  requestNonce: text('request_nonce').primaryKey(),
  siteId: integer('site_id').notNull(),
  status: text('status').notNull(),
  provider: text('provider').notNull(),
  mobileNo: text('mobile_no'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Sliding-window rate limit log, used when no Redis is configured (lib/rate-limit). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: uuid('id').primaryKey(),
    key: text('key').notNull(),
    hitAt: timestamp('hit_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('rate_limit_hits_key_idx').on(table.key, table.hitAt),
    index('rate_limit_hits_expires_idx').on(table.expiresAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Terms consent (issue 5). A contract's published versions and the ledger of decisions are
// append-only: triggers in migration 0003 refuse UPDATE, DELETE and TRUNCATE on both, because an
// entry is proof of what a person agreed to (DPDP Act 2023 §6), and that proof names a version
// whose text must never change after it was shown.

/** A consent contract (spec 000 §3 consent config; one per consentId of the site list). */
export const consentContracts = pgTable('consent_contracts', {
  /** CONTRACT_ID_PATTERN: it becomes part of cookie names (spec 000 §9). */
  contractId: text('contract_id').primaryKey(),
  title: text('title').notNull(),
  /** The site whose consentId this is; null for the consent config's own contracts. */
  siteId: integer('site_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Published versions, numbered 1, 2, 3 … per contract; the markup is shown as is (sanitised in the browser). */
export const consentContractVersions = pgTable(
  'consent_contract_versions',
  {
    contractId: text('contract_id')
      .notNull()
      .references(() => consentContracts.contractId),
    version: integer('version').notNull(),
    markup: text('markup').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: text('published_by').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.contractId, table.version] }),
    check('consent_contract_versions_version_check', sql`${table.version} >= 1`),
  ],
);

/**
 * The consent ledger: every decision appended, never changed (issue 5). The current state of a
 * subject and contract is its latest entry (highest seq). IP and user agent only as HMACs.
 */
export const consentLedger = pgTable(
  'consent_ledger',
  {
    entryId: uuid('entry_id').primaryKey(),
    /** Append order; recorded_at can tie (one clock tick), seq cannot. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** Who the entry speaks for: "c:<customerId>" for a signed-in customer, else "v:<visitorId>". */
    subject: text('subject').notNull(),
    contractId: text('contract_id').notNull(),
    contractVersion: integer('contract_version').notNull(),
    action: text('action').notNull(),
    userValue: text('user_value').notNull(),
    consentState: integer('consent_state').notNull(),
    customerId: text('customer_id'),
    visitorId: text('visitor_id').notNull(),
    visitId: text('visit_id'),
    /** The verified calling site (pass token). */
    siteId: integer('site_id').notNull(),
    /** The page address, decoded from the base64 the SDK sends. */
    pageUrl: text('page_url'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** HMAC-SHA256 under PRAVESH_PII_HASH_KEY: the raw address and user agent are never stored. */
    ipHash: text('ip_hash'),
    userAgentHash: text('user_agent_hash'),
    /** spec 000 §9 puckarCookieId<contractId> and the provider cookie id. */
    cookieId: text('cookie_id'),
    providerCookieId: text('provider_cookie_id'),
    environment: text('environment'),
    /** A withdrawal's reason, as the customer gave it. */
    reason: text('reason'),
    /**
     * The hash chain (issue 12 §1.9, migration 0006): filled by the consent_ledger_chain trigger
     * under a lock on the chain head, whatever the insert sends ($default only satisfies the type).
     */
    chainPosition: bigint('chain_position', { mode: 'number' })
      .notNull()
      .unique()
      .$default(() => 0),
    prevHash: text('prev_hash')
      .notNull()
      .$default(() => ''),
    entryHash: text('entry_hash')
      .notNull()
      .$default(() => ''),
  },
  (table) => [
    index('consent_ledger_subject_idx').on(table.subject, table.contractId, table.seq),
    index('consent_ledger_customer_idx').on(table.customerId, table.seq),
    foreignKey({
      name: 'consent_ledger_version_fk',
      columns: [table.contractId, table.contractVersion],
      foreignColumns: [consentContractVersions.contractId, consentContractVersions.version],
    }),
    check('consent_ledger_action_check', sql`${table.action} in ('respond', 'withdraw')`),
    check('consent_ledger_user_value_check', sql`${table.userValue} in ('Y', 'N')`),
    check('consent_ledger_consent_state_check', sql`${table.consentState} in (1, 2)`),
  ],
);

/** The last link of the consent ledger's hash chain: one row, written only by the chain trigger. */
export const consentLedgerChainHead = pgTable(
  'consent_ledger_chain_head',
  {
    id: boolean('id').primaryKey().default(true),
    lastPosition: bigint('last_position', { mode: 'number' }).notNull(),
    entryHash: text('entry_hash').notNull(),
  },
  (table) => [check('consent_ledger_chain_head_single_row', sql`${table.id}`)],
);
