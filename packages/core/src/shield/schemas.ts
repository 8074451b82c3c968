import { z } from 'zod';
import { ENVIRONMENTS, MAX_SCREEN_HEIGHT, MAX_SCREEN_WIDTH } from '../constants.ts';

/** Device fingerprint components (spec 000 §3 "Device fingerprint"). */
export const deviceComponentsSchema = z.object({
  canvasHash: z.string().max(128),
  webglHash: z.string().max(128),
  plugins: z.array(z.string().max(256)).max(64),
  language: z.string().max(64),
  cpuCount: z.number().int().min(0).max(1024),
  memory: z.number().min(0).max(4096),
  touch: z.boolean(),
  mimeTypes: z.array(z.string().max(256)).max(128),
  cookiesEnabled: z.boolean(),
  batterySupported: z.boolean(),
  screenWidth: z.number().int().min(0).max(MAX_SCREEN_WIDTH),
  screenHeight: z.number().int().min(0).max(MAX_SCREEN_HEIGHT),
  timezoneOffset: z.number().int().min(-1440).max(1440),
  colorDepth: z.number().int().min(0).max(128),
  localStorageAvailable: z.boolean(),
  sessionStorageAvailable: z.boolean(),
  privateMode: z.boolean(),
  clientId: z.string().max(128),
});
export type DeviceComponents = z.infer<typeof deviceComponentsSchema>;

/** What the encrypted `device` field of the pass token decrypts to. */
export const devicePayloadSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  components: deviceComponentsSchema,
});
export type DevicePayload = z.infer<typeof devicePayloadSchema>;

/** The pass token's claims (spec 000 §3 "Pass token payload"). */
export const passTokenClaimsSchema = z.object({
  siteId: z.number().int(),
  authenticationToken: z.record(z.string(), z.string().max(4096)).optional(),
  device: z.string().min(1).max(4096),
  exp: z.number().int(),
  iat: z.number().int(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type PassTokenClaims = z.infer<typeof passTokenClaimsSchema>;

export const visitorCookieKeysSchema = z.object({
  kid: z.string().min(1).max(128),
  keys: z
    .array(z.object({ kid: z.string().min(1).max(128), key: z.string().min(1).max(1024) }))
    .min(1)
    .max(16),
});
export type VisitorCookieKeys = z.infer<typeof visitorCookieKeysSchema>;

/**
 * Shield config served to the SDK (spec 000 §3 "Shield config"). `ci` names the key (its kid)
 * and `ct` is the site's signing key wrapped for transport, see shield/crypto.ts.
 */
export const shieldConfigSchema = z.object({
  siteId: z.number().int(),
  ct: z.string().min(1),
  ci: z.string().min(1),
  environment: z.enum(ENVIRONMENTS),
  passTokenValidity: z.number().int().positive(),
  noPassDomain: z.array(z.string()),
  allowedRoute: z.array(z.string()),
  allowedSite: z.array(z.number().int()),
  includeSubdomain: z.boolean(),
  version: z.number().int(),
  siteName: z.string(),
  defaultAuthentication: z.boolean(),
  /**
   * The visitor cookie's XOR keys (PRAVESH_COOKIE_KEYS), so the SDK writes the record exactly as
   * the server re-issues it: `kid` writes, every key reads (rotation). Served in the clear on
   * purpose: the cipher is the spec's obfuscation (spec 000 §3), not secrecy.
   */
  visitorCookie: visitorCookieKeysSchema.optional(),
  /**
   * The server's clock when it answered, in milliseconds since the epoch: the SDK
   * signs pass tokens on the server's time, since the server refuses an `iat` ahead of its own clock
   * and an `exp` beyond now + passTokenValidity (spec 000 §9). Not in spec 000's field list; an
   * added field a spec-only client ignores.
   */
  serverTime: z.number().int().nonnegative().optional(),
});
export type ShieldConfig = z.infer<typeof shieldConfigSchema>;
