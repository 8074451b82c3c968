import { z } from 'zod';
import { PREFERENCE_CHANNELS } from './routes.ts';

/**
 * Shapes of the self-service calls. spec 001 §7 names commbox/getPreference
 * and commbox/preference without payloads, so these are ours. Every call answers for the access
 * token's customer (pass token sso strategy or pb-access-token), never for an id in a body alone.
 */
export { SELF_SERVICE_ROUTES, PREFERENCE_CHANNELS, type PreferenceChannel } from './routes.ts';

const channelFlags = z.object({ sms: z.boolean(), call: z.boolean(), whatsApp: z.boolean(), email: z.boolean() });
const channelCounts = z.object({
  sms: z.number().int().min(0),
  call: z.number().int().min(0),
  whatsApp: z.number().int().min(0),
  email: z.number().int().min(0),
});

/** spec 001 §3 user slice: preferencesData and preferencesActionCount (each counter starts at 0). */
export const preferencesResponseSchema = z.object({
  preferencesData: channelFlags,
  preferencesActionCount: channelCounts,
  /** ISO 8601; null until the customer first changes a channel. */
  updatedAt: z.iso.datetime().nullable(),
});
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

/** One or more channels to change; a channel left out keeps its value. */
export const preferenceBodySchema = z
  .strictObject({
    sms: z.boolean().optional(),
    call: z.boolean().optional(),
    whatsApp: z.boolean().optional(),
    email: z.boolean().optional(),
  })
  .refine((body) => PREFERENCE_CHANNELS.some((channel) => body[channel] !== undefined), {
    message: 'at least one of sms, call, whatsApp, email is required',
  });
export type PreferenceBody = z.infer<typeof preferenceBodySchema>;

/** spec 001 §3 user slice activeDevicesList: one sign-in session. */
export const activeDeviceSchema = z.object({
  /** An opaque handle of the session for the revoke call (not the session cookie, which never leaves it). */
  deviceId: z.uuid(),
  deviceKind: z.enum(['mobile', 'tablet', 'desktop']).nullable(),
  /** e.g. "Chrome on Android"; null when the sign-in did not say. */
  browser: z.string().nullable(),
  /** Country or region of the first sign-in, from the browser's time zone; never a city. */
  place: z.string().nullable(),
  signedInAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime(),
  /** The session of the calling access token. */
  current: z.boolean(),
});
export type ActiveDevice = z.infer<typeof activeDeviceSchema>;

export const activeDevicesResponseSchema = z.object({ devices: z.array(activeDeviceSchema) });
export type ActiveDevicesResponse = z.infer<typeof activeDevicesResponseSchema>;

export const revokeDeviceBodySchema = z.strictObject({ deviceId: z.uuid() });
export const revokeDeviceResponseSchema = z.object({ revoked: z.literal(true) });

/**
 * One security event of the account (SELF_SERVICE_ROUTES.accountActivity). `detail` is what the line
 * names, already masked by the server: the new number or email ("••••••3210"), or the device.
 */
export const ACCOUNT_ACTIVITY_KINDS = [
  'mobileChanged',
  'emailChanged',
  'deviceSignedOut',
  // DPDP Act 2023 §11, §12 (modules/data-rights): each step the customer takes on "Your data".
  'dataExportRequested',
  'dataExportReady',
  'accountDeletionRequested',
  'accountDeletionCancelled',
] as const;
export type AccountActivityKind = (typeof ACCOUNT_ACTIVITY_KINDS)[number];
export const accountActivityItemSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ACCOUNT_ACTIVITY_KINDS),
  at: z.iso.datetime(),
  detail: z.string().nullable(),
});
export type AccountActivityItem = z.infer<typeof accountActivityItemSchema>;
export const accountActivityResponseSchema = z.object({ items: z.array(accountActivityItemSchema) });
export type AccountActivityResponse = z.infer<typeof accountActivityResponseSchema>;

/** spec 001 §2 consent-revocation: one contract's consent as the ledger has it now. */
export const myConsentSchema = z.object({
  contractId: z.string(),
  title: z.string(),
  /** The version the customer answered. */
  contractVersionId: z.string(),
  status: z.enum(['accepted', 'declined', 'withdrawn']),
  /** ISO 8601: when the consent was given (the latest acceptance of that version). */
  givenAt: z.iso.datetime().nullable(),
  /** ISO 8601: when it was withdrawn, when it was. */
  withdrawnAt: z.iso.datetime().nullable(),
  siteId: z.number().int(),
  /** The site the consent was given on (the registry's name); null for an unknown site. */
  siteName: z.string().nullable(),
});
export type MyConsent = z.infer<typeof myConsentSchema>;

export const myConsentsResponseSchema = z.object({ consents: z.array(myConsentSchema) });
export type MyConsentsResponse = z.infer<typeof myConsentsResponseSchema>;
