/**
 * Self-service paths of My Account, zod-free so the dashboard's bundle can
 * name them without the schema library (schemas.ts has the shapes).
 *
 * - spec 001 §7 names GET /MSP/api/v1/commbox/getPreference and POST /MSP/api/v1/commbox/preference.
 * - spec 001 §2 names the active-devices and consent-revocation screens but no call behind them; the
 *   paths below are ours, under the same internal service (/MSP/api/v1/myAccount/…), POST because
 *   they answer or change personal data and carry ids that stay out of URLs and logs. Withdrawing a
 *   consent is the consent module's POST /MSP/api/v1/puckar/withdraw (CONSENT_ROUTES.withdraw).
 */
export const SELF_SERVICE_ROUTES = {
  /** spec 001 §7, §3 user slice preferencesData and preferencesActionCount. */
  getPreference: '/MSP/api/v1/commbox/getPreference',
  /** spec 001 §7: change one or more channels. */
  preference: '/MSP/api/v1/commbox/preference',
  /** spec 001 §2 active-devices, §3 user slice activeDevicesList (path ours). */
  activeDevices: '/MSP/api/v1/myAccount/activeDevices',
  /** spec 001 §2 active-devices: sign one device out everywhere (path ours). */
  revokeDevice: '/MSP/api/v1/myAccount/activeDevices/revoke',
  /**
   * spec 001 §2 active-devices: the account's recent security events — a changed mobile number or
   * email, a device signed out (path ours; ASVS V6.3.7 / V2.2.3: tell the customer of such changes).
   */
  accountActivity: '/MSP/api/v1/myAccount/accountActivity',
  /** spec 001 §2 consent-revocation: the customer's consents from the ledger (path ours). */
  consents: '/MSP/api/v1/myAccount/consents',
} as const;

/** spec 001 §3 preferencesActionCount: SMS, call, whatsApp and email. */
export const PREFERENCE_CHANNELS = ['sms', 'call', 'whatsApp', 'email'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];
