import { SEALED_PASSWORD_MAX_LENGTH, type AuthMethod, type AuthMethodInputs } from '@pravesh/core';
import type { UrlSignOnParams } from './links.ts';

/**
 * The authorization methods of spec 000 §4, in priority order (core's selectAuthMethod):
 * user_credential, otp, mobile_credential, glss_key, auth_token, glss_token, social_truecaller.
 * What a caller passes and what the page URL carries become the selector's inputs; the chosen
 * method decides which fields the authorize request (spec 000 §3) carries.
 */

/** What authorize() may sign in with (spec 000 §3 "Authorize request", §4 method priority). */
export interface AuthorizeCredentials {
  username?: string;
  password?: string;
  mobileNo?: string;
  otp?: string;
  /** glss_key: a one-time key minted for this site (also read from the URL's glssKey and siteId). */
  glssKey?: string;
  /** The site the glssKey was minted for; default this site. */
  siteId?: string | number;
  /** auth_token: a signature from a trusted back-end (also read from the URL's signature). */
  authToken?: string;
  glssToken?: string;
  /** social_truecaller: the approved caller-identification requestNonce. */
  socialToken?: string;
  socialProviderId?: string;
  enableWhatsappAlert?: boolean;
}

/** The selector's inputs: the caller's credentials first, then the URL, then the session cookie. */
export function methodInputs(
  credentials: AuthorizeCredentials,
  url: UrlSignOnParams,
  page: { siteId: number; hasSessionCookie: boolean },
): AuthMethodInputs {
  return {
    username: credentials.username,
    password: credentials.password,
    mobileNo: credentials.mobileNo?.trim(),
    otp: credentials.otp?.trim(),
    glss_key: credentials.glssKey ?? url.glssKey,
    // spec 000 §4: glssKey plus siteId in the URL; a key handed over in code is for this site.
    siteId: credentials.glssKey ? (credentials.siteId ?? page.siteId) : url.siteId,
    auth_token: credentials.authToken ?? url.signature,
    glss_token: credentials.glssToken,
    social_token: credentials.socialToken,
    socialProviderId: credentials.socialProviderId,
    hasSessionCookie: page.hasSessionCookie,
  };
}

/**
 * The authorize request's fields for `method` (spec 000 §3): only what that method needs, so a
 * stray OTP never rides along with a password sign-in. Passwords of 20 characters or fewer are
 * sealed (spec 000 §5), longer ones sent as they are.
 */
export async function methodFields(
  method: AuthMethod,
  inputs: AuthMethodInputs,
  extra: Pick<AuthorizeCredentials, 'enableWhatsappAlert'>,
  sealPassword: (password: string) => Promise<string>,
): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  switch (method) {
    case 'user_credential':
      fields.username = inputs.username;
      break;
    case 'otp':
      fields.mobileNo = inputs.mobileNo;
      fields.otp = inputs.otp;
      break;
    case 'mobile_credential':
      fields.mobileNo = inputs.mobileNo;
      break;
    case 'glss_key':
      fields.glss_key = inputs.glss_key;
      fields.siteId = inputs.siteId;
      break;
    case 'auth_token':
      fields.auth_token = inputs.auth_token;
      break;
    case 'glss_token':
      // Without a token in hand the server reads the HttpOnly PB_GLSS_TOKEN cookie.
      fields.glss_token = inputs.glss_token;
      break;
    case 'social_truecaller':
      fields.social_token = inputs.social_token;
      fields.socialProviderId = inputs.socialProviderId ?? 'truecaller';
      break;
  }
  if (method === 'user_credential' || method === 'mobile_credential') {
    const password = inputs.password ?? '';
    fields.password = password.length <= SEALED_PASSWORD_MAX_LENGTH ? await sealPassword(password) : password;
  }
  if (extra.enableWhatsappAlert !== undefined) fields.enableWhatsappAlert = extra.enableWhatsappAlert;
  return fields;
}

/** The URL parameters a method used up (one-time values that must leave the address bar). */
export function urlParamsOf(method: AuthMethod): (keyof UrlSignOnParams)[] {
  if (method === 'glss_key') return ['glssKey', 'siteId'];
  return method === 'auth_token' ? ['signature'] : [];
}
