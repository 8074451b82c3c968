import {
  AUTHORIZATION_KEY_MAX_SKEW_SECONDS,
  PraveshError,
  authorizationKeyPayloadSchema,
  emailAuthorizationKeyPayloadSchema,
  normaliseEmail,
  openForSite,
} from '@pravesh/core';

/**
 * The OTP call's authorization-key header (spec 000 §7: "encrypted string of site id, timestamp,
 * mobile number"): sealForSite(siteKey, 'authorization-key', {siteId, timestamp, mobileNo}) under
 * the calling site's key. It must open under one of the caller's site keys, name the same site as
 * the site-id header and the same number as the body, and be at most 2 minutes off the clock.
 */
async function openKey(sealed: string, siteKeys: readonly Uint8Array<ArrayBuffer>[]): Promise<unknown> {
  for (const key of siteKeys) {
    try {
      return await openForSite(key, 'authorization-key', sealed);
    } catch {
      // not sealed with this key
    }
  }
  return undefined;
}

export async function checkAuthorizationKey(input: {
  sealed: string;
  siteKeys: readonly Uint8Array<ArrayBuffer>[];
  siteId: number;
  mobileNo: string;
  nowMs: number;
}): Promise<void> {
  const opened = await openKey(input.sealed, input.siteKeys);
  const payload = authorizationKeyPayloadSchema.safeParse(opened);
  if (!payload.success) throw new PraveshError('invalidAuthorizationKey');
  const { siteId, timestamp, mobileNo } = payload.data;
  const fresh = Math.abs(input.nowMs - timestamp) <= AUTHORIZATION_KEY_MAX_SKEW_SECONDS * 1000;
  if (Number(siteId) !== input.siteId || mobileNo !== input.mobileNo || !fresh) {
    throw new PraveshError('invalidAuthorizationKey');
  }
}

/** The email OTP call's authorization-key: the same rules, sealing {siteId, timestamp, email}. */
export async function checkEmailAuthorizationKey(input: {
  sealed: string;
  siteKeys: readonly Uint8Array<ArrayBuffer>[];
  siteId: number;
  email: string;
  nowMs: number;
}): Promise<void> {
  const payload = emailAuthorizationKeyPayloadSchema.safeParse(await openKey(input.sealed, input.siteKeys));
  if (!payload.success) throw new PraveshError('invalidAuthorizationKey');
  const { siteId, timestamp, email } = payload.data;
  const fresh = Math.abs(input.nowMs - timestamp) <= AUTHORIZATION_KEY_MAX_SKEW_SECONDS * 1000;
  if (Number(siteId) !== input.siteId || normaliseEmail(email) !== input.email || !fresh) {
    throw new PraveshError('invalidAuthorizationKey');
  }
}
