import {
  AUTHORIZATION_KEY_MAX_SKEW_SECONDS,
  PraveshError,
  authorizationKeyPayloadSchema,
  openForSite,
} from '@pravesh/core';

/**
 * The OTP call's authorization-key header (spec 000 §7: "encrypted string of site id, timestamp,
 * mobile number"): sealForSite(siteKey, 'authorization-key', {siteId, timestamp, mobileNo}) under
 * the calling site's key. It must open under one of the caller's site keys, name the same site as
 * the site-id header and the same number as the body, and be at most 2 minutes off the clock.
 */
export async function checkAuthorizationKey(input: {
  sealed: string;
  siteKeys: readonly Uint8Array<ArrayBuffer>[];
  siteId: number;
  mobileNo: string;
  nowMs: number;
}): Promise<void> {
  let opened: unknown;
  for (const key of input.siteKeys) {
    try {
      opened = await openForSite(key, 'authorization-key', input.sealed);
      break;
    } catch {
      opened = undefined;
    }
  }
  const payload = authorizationKeyPayloadSchema.safeParse(opened);
  if (!payload.success) throw new PraveshError('invalidAuthorizationKey');
  const { siteId, timestamp, mobileNo } = payload.data;
  const fresh = Math.abs(input.nowMs - timestamp) <= AUTHORIZATION_KEY_MAX_SKEW_SECONDS * 1000;
  if (Number(siteId) !== input.siteId || mobileNo !== input.mobileNo || !fresh) {
    throw new PraveshError('invalidAuthorizationKey');
  }
}
