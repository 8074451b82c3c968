/**
 * The body of POST /MSP/api/v1/visit (spec 000 §3 "Visit"): completeUrl and the utm fields
 * base64-encoded, the pbUtm fields plain. The browser proposes the visitId so the retries of one
 * creation are stored once. Field lists mirror core's createVisitBodySchema (kept equal by a
 * test; that module carries zod, which the bundle must not).
 */
export const VISIT_PATH = '/MSP/api/v1/visit';

/** Base64 fields and the query parameter each is read from (snake_case, or the field's own name). */
const BASE64_PARAMS = {
  utmContent: 'utm_content',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmSource: 'utm_source',
  utmName: 'utm_name',
  utmTerm: 'utm_term',
  utmTitle: 'utm_title',
  utm: 'utm',
  dataSource: 'data_source',
} as const;
const PLAIN_PARAMS = {
  pbUtmCampaign: 'pb_utm_campaign',
  pbUtmContent: 'pb_utm_content',
  pbUtmMedium: 'pb_utm_medium',
  pbUtmSource: 'pb_utm_source',
  pbUtmTerm: 'pb_utm_term',
} as const;
export const VISIT_BASE64_PARAMS: Readonly<Record<string, string>> = BASE64_PARAMS;
export const VISIT_PLAIN_PARAMS: Readonly<Record<string, string>> = PLAIN_PARAMS;

type Base64Field = keyof typeof BASE64_PARAMS;
type PlainField = keyof typeof PLAIN_PARAMS;

export type VisitBody = {
  visitId: string;
  visitorId?: string;
  deviceId?: string;
  parentVisitId?: string;
  absoluteParentVisitId?: string;
  siteName?: string;
  /** Epoch milliseconds when the browser started the visit. */
  createdAt: number;
  completeUrl: string;
} & Partial<Record<Base64Field | PlainField, string>>;

/**
 * Server limits (core visits/visit.ts): completeUrl ≤ 16384 base64 characters, each utm field
 * ≤ 4096, each pbUtm field ≤ 1024 characters. Base64 of n UTF-16 units is at most 4·n
 * characters (3 UTF-8 bytes per unit), so these input lengths always fit.
 */
const MAX_URL_UNITS = 4096;
const MAX_UTM_UNITS = 1000;
const MAX_PLAIN_UNITS = 1024;

/** Standard base64 (with padding) of the UTF-8 bytes, as the server's z.base64() expects. */
export function base64Utf8(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function searchParams(url: string): URLSearchParams {
  try {
    return new URL(url).searchParams;
  } catch {
    return new URLSearchParams();
  }
}

function param(params: URLSearchParams, field: string, name: string): string | undefined {
  // NUL cannot be stored (PostgreSQL text); the server refuses it, so it is dropped here.
  const value = (params.get(name) ?? params.get(field))?.split('\u0000').join('');
  return value === undefined || value === '' ? undefined : value;
}

/** The base64 utm source of a page address: what the visitor record keeps to spot a new campaign. */
export function utmSourceOf(url: string): string | undefined {
  const source = param(searchParams(url), 'utmSource', BASE64_PARAMS.utmSource);
  return source === undefined ? undefined : base64Utf8(source.slice(0, MAX_UTM_UNITS));
}

export interface VisitBodyInput {
  visitId: string;
  url: string;
  createdAt: number;
  visitorId?: string | undefined;
  deviceId?: string | undefined;
  parentVisitId?: string | undefined;
  absoluteParentVisitId?: string | undefined;
  siteName?: string | undefined;
}

export function buildVisitBody(input: VisitBodyInput): VisitBody {
  const params = searchParams(input.url);
  const body: VisitBody = {
    visitId: input.visitId,
    createdAt: input.createdAt,
    completeUrl: base64Utf8((input.url || 'about:blank').slice(0, MAX_URL_UNITS)),
  };
  for (const field of ['visitorId', 'deviceId', 'parentVisitId', 'absoluteParentVisitId', 'siteName'] as const) {
    const value = input[field];
    if (value !== undefined && value !== '') body[field] = value;
  }
  for (const [field, name] of Object.entries(BASE64_PARAMS) as [Base64Field, string][]) {
    const value = param(params, field, name);
    if (value !== undefined) body[field] = base64Utf8(value.slice(0, MAX_UTM_UNITS));
  }
  for (const [field, name] of Object.entries(PLAIN_PARAMS) as [PlainField, string][]) {
    const value = param(params, field, name);
    if (value !== undefined) body[field] = value.slice(0, MAX_PLAIN_UNITS);
  }
  return body;
}
