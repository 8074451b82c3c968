import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Single sign-on. Secrets are kept only as hashes: OTP codes as an HMAC under a kid'd
// pepper, session tokens, authorization codes and one-time keys as SHA-256 of 256-bit randoms.

/**
 * Customers of the accounts service (spec 000 §3 "Customer data": mobileNo and customerId). The
 * number and the email are kept encrypted with a keyed hash for look-ups (auth/pii-cipher.ts). Migration 0012 dropped the clear columns of before 0005; values
 * still in clear then wait in ssoPiiBackfill for the server to encrypt them at start.
 * mobile_hash and mobile_enc stay nullable only for that moment between migration and start.
 */
export const ssoCustomers = pgTable('sso_customers', {
  customerId: uuid('customer_id').primaryKey(),
  /** HMAC-SHA256 of the number (10 digits, starting 6–9) under PRAVESH_PII_HASH_KEY. */
  mobileHash: text('mobile_hash').unique(),
  /** The number, AES-256-GCM under a kid'd PRAVESH_PII_KEYS key ("v1.kid.iv.ciphertext"). */
  mobileEnc: text('mobile_enc'),
  /** HMAC of the lower-cased email; the user_credential method accepts the email as username. */
  emailHash: text('email_hash').unique(),
  emailEnc: text('email_enc'),
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
    /**
     * What the session was started from, described coarsely at sign-in for the active-devices list
     * (spec 001 §2; migration 0015): "mobile" | "tablet" | "desktop", the browser's name, and a region
     * from the browser's time zone. Never the raw user agent or address. Null on older sessions.
     */
    deviceKind: text('device_kind'),
    browser: text('browser'),
    place: text('place'),
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

/**
 * Browsers that completed an OTP sign-in for a customer: the server-issued,
 * HttpOnly device cookie's value is random and kept here only as SHA-256; one browser's value may
 * stand for several customers. A password sign-in needs no second factor from such a browser.
 */
export const ssoDeviceTrust = pgTable(
  'sso_device_trust',
  {
    tokenHash: text('token_hash').notNull(),
    customerId: uuid('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tokenHash, table.customerId] }),
    index('sso_device_trust_customer_idx').on(table.customerId),
  ],
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
  /** ssid_handoff (migration 0007): the client it was minted for, and the session token sealed under it. */
  clientId: text('client_id'),
  sealedSessionToken: text('sealed_session_token'),
});

/** Caller-identification requests (spec 000 §3, §4): a nonce, its status and, once approved, the number. */
export const ssoCallerIdRequests = pgTable('sso_caller_id_requests', {
  requestNonce: text('request_nonce').primaryKey(),
  siteId: integer('site_id').notNull(),
  status: text('status').notNull(),
  provider: text('provider').notNull(),
  /** Once approved, the verified number, encrypted as customers' are (migration 0012). */
  mobileEnc: text('mobile_enc'),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Migration 0012's hand-over: personal data a database still held in clear when
 * the clear columns were dropped (a database that had not started a server since migration 0005,
 * and approved caller-id requests). SQL cannot encrypt (the keys are in the server's configuration,
 * not the database), so the values wait here and the server encrypts them into their rows at start
 * (customers/pii-rotation.ts encryptPendingPii), deleting each entry as it is moved. Empty after
 * the first start.
 */
export const ssoPiiBackfill = pgTable(
  'sso_pii_backfill',
  {
    /** 'customer' (row_key customer_id) or 'caller_id_request' (row_key request_nonce). */
    source: text('source').notNull(),
    rowKey: text('row_key').notNull(),
    /** 'mobile' or 'email'. */
    field: text('field').notNull(),
    value: text('value').notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.rowKey, table.field] })],
);
