/**
 * Query parameters of /listener and /authorize. The login link (spec 000 §2) carries client_id,
 * source_site_id, redirect_uri, state, scope, auth_type, screen_type (default 0), journey_type
 * (default REDIRECT) and version, with mobileNo and leadId sealed; the widget adds parentOrigin.
 * PKCE (RFC 7636) adds code_challenge and code_challenge_method.
 */

import { JOURNEY_TYPES, WIDGET_JOURNEY_TYPES, type JourneyType, type WidgetJourneyType } from '@pravesh/core';

export type { WidgetJourneyType };

/** Journeys shown in the small OTP box (spec 000 §2); JOURNEY_EMAIL_OTP uses the extra-small one. */
export const OTP_BOX_JOURNEYS: readonly WidgetJourneyType[] = [
  'JOURNEY_OTP',
  'JOURNEY_MOBILE_VERIFICATION',
  'JOURNEY_MOBILE_VERIFICATION_OTP',
  'JOURNEY_EMAIL_OTP',
];

/** Journeys that verify a number rather than sign a customer in. */
export const VERIFICATION_JOURNEYS: readonly WidgetJourneyType[] = [
  'JOURNEY_MOBILE_VERIFICATION',
  'JOURNEY_MOBILE_VERIFICATION_OTP',
];

export interface JourneyParams {
  /** The journey this page runs: REDIRECT (the login link default) and unknown values run JOURNEY. */
  journeyType: WidgetJourneyType;
  /** journey_type as the caller sent it, when it is one the service knows (echoed to authorize). */
  rawJourneyType: JourneyType | undefined;
  responseType: string;
  screenType: string | undefined;
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  authType: string | undefined;
  sourceSiteId: number | undefined;
  version: string | undefined;
  parentOrigin: string | undefined;
  /** A plain 10-digit number, or a value sealed by the embedding site's SDK (spec 000 §2). */
  mobileNo: string | undefined;
  /** 1 (default) lets the customer change a number the caller supplied. */
  editMobile: boolean;
  /** spec 000 §4: after mfaRequired the OTP journey opens with force_redirect=1. */
  forceRedirect: boolean;
  closable: boolean;
  visitorId: string | undefined;
  visitId: string | undefined;
  codeChallenge: string | undefined;
  codeChallengeMethod: string | undefined;
}

const MAX_PARAM_LENGTH = 2048;

function read(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed.slice(0, MAX_PARAM_LENGTH);
}

export function parseJourneyParams(search: string): JourneyParams {
  const query = new URLSearchParams(search);
  const journey = read(query, 'journey_type');
  const site = read(query, 'source_site_id') ?? read(query, 'siteId');
  return {
    journeyType: WIDGET_JOURNEY_TYPES.find((type) => type === journey) ?? 'JOURNEY',
    rawJourneyType: JOURNEY_TYPES.find((type) => type === journey),
    responseType: read(query, 'response_type') ?? 'code',
    screenType: read(query, 'screen_type'),
    clientId: read(query, 'client_id') ?? '',
    redirectUri: read(query, 'redirect_uri') ?? '',
    state: read(query, 'state') ?? '',
    scope: read(query, 'scope') ?? '',
    authType: read(query, 'auth_type'),
    sourceSiteId: site !== undefined && /^\d{1,3}$/.test(site) ? Number(site) : undefined,
    version: read(query, 'version'),
    parentOrigin: read(query, 'parentOrigin'),
    mobileNo: read(query, 'mobileNo'),
    editMobile: read(query, 'editMobile') !== '0',
    forceRedirect: read(query, 'force_redirect') === '1',
    closable: read(query, 'closable') !== '0',
    visitorId: read(query, 'visitorId'),
    visitId: read(query, 'visitId'),
    codeChallenge: read(query, 'code_challenge'),
    codeChallengeMethod: read(query, 'code_challenge_method'),
  };
}

/**
 * What is wrong with the request before any sign-in could succeed (RFC 6749 §4.1.2.1: such errors
 * are shown, never redirected), or undefined. The server checks the client and redirect_uri.
 */
export function paramProblem(params: JourneyParams): string | undefined {
  const missing: string[] = [];
  if (params.clientId === '') missing.push('client_id');
  if (params.redirectUri === '') missing.push('redirect_uri');
  if (missing.length > 0) return `The sign-in link is missing ${missing.join(' and ')}.`;
  if (params.responseType !== 'code') return 'The sign-in link asks for an unsupported response type.';
  // RFC 7636 §4.3: a challenge without a method is "plain"; the service supports S256 only.
  if (params.codeChallenge !== undefined && params.codeChallengeMethod !== 'S256') {
    return 'The sign-in link asks for an unsupported code challenge method.';
  }
  return undefined;
}
