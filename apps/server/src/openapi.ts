import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CREDIT_ROUTES,
  CREDIT_ROUTE_METHODS,
  ERRORS,
  NO_PASS_HEADER,
  PASS_TOKEN_HEADER,
  PASS_TOKEN_QUERY,
  PARTNER_KEY_HEADER,
  SSO_SCOPES,
  analyticsEventSchema,
  byteBufferSchema,
  consentCheckBodySchema,
  consentCheckResponseSchema,
  createVisitBodySchema,
  createVisitResponseSchema,
  errorEnvelopeSchema,
  jsonValueSchema,
  userConsentBodySchema,
} from '@pravesh/core';
import type { AppConfig } from './config/index.ts';
import { finishDocument } from './openapi-document.ts';
import { OFFER_COMPONENTS, OFFER_CUSTOMER_PATHS, OFFER_ROUTE_ERRORS } from './modules/offers/index.ts';
import { ADD_ON_CUSTOMER_PATHS, ADD_ON_ROUTE_ERRORS } from './modules/add-ons/index.ts';
import { CREDIT_ALERT_CUSTOMER_PATHS, CREDIT_ALERT_ROUTE_ERRORS } from './modules/credit-alerts/index.ts';
import { AGGREGATOR_CUSTOMER_PATHS, AGGREGATOR_ROUTE_ERRORS } from './modules/aggregator/index.ts';
import { HOLDINGS_ROUTE_ERRORS } from './modules/holdings/index.ts';
import { SUPPORT_ROUTE_ERRORS } from './modules/support/index.ts';
import { SERVICE_PREFIXES } from './plugins/shield.ts';

/**
 * The OpenAPI document at /docs: built from the zod schemas the routes validate with,
 * plus what a client written from the document needs and a schema cannot say: which routes take a
 * pass token (only the shielded ones: the OAuth endpoints, discovery, health, SDK and pages take
 * none), how OAuth clients authenticate, the error codes and rate limits of each route, shared
 * component schemas with examples, and an introduction to the pass token.
 */

const ACCESS_TOKEN_HEADER = 'pb-access-token';

/**
 * Shared component schemas: named once in the document, referenced by every route that uses them.
 * One `example` each: OpenAPI 3.0's Schema Object has no `examples` (§4.7.24).
 */
const COMPONENTS: readonly [z.ZodType, { id: string; description: string; example?: unknown }][] = [
  [
    errorEnvelopeSchema,
    {
      id: 'ErrorEnvelope',
      description:
        'Every refusal (spec 000 §7, §8): status false, the catalogue code in statusCode and its text in ' +
        'statusMessage. The HTTP status says the class (400 bad input, 401 token, 403 not allowed, 404, 409, 429).',
      example: { status: false, statusCode: 'invalidJwtException', statusMessage: 'Jwt Expired' },
    },
  ],
  [
    analyticsEventSchema,
    {
      id: 'AnalyticsEvent',
      description:
        'spec 000 §3 "Analytics event" and "Tracking data". eventId is optional (made by the server when ' +
        'absent; when sent, a resend is stored once). Optional fields may be null.',
      example: {
        event: 'pbguc_nudge_click',
        category: 'nudge',
        action: 'click',
        label: 'check credit score',
        pageType: 'home',
        userType: 'guest',
        clientId: 'GA1.1.1234567890.1700000000',
        lob: 'CS',
        visitorId: '0b5c3d1e-8a41-4c3e-9f0e-6d2f2a7b9c11',
        visitId: '6f1d2e3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
        customerId: null,
        siteId: 2,
        userState: 'signedOut',
      },
    },
  ],
  [
    createVisitBodySchema,
    {
      id: 'VisitRequest',
      description:
        'spec 000 §3 "Visit". Every field is optional; what is left out comes from the visitor cookie or is ' +
        'made by the server. completeUrl and the utm* fields are base64 (btoa).',
      example: {
        visitId: '6f1d2e3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
        deviceId: 'device-1f2e3d',
        completeUrl: 'aHR0cHM6Ly93d3cuZXhhbXBsZS5pbi8=',
        utmSource: 'Z29vZ2xl',
        pbUtmSource: 'google',
      },
    },
  ],
  [
    createVisitResponseSchema,
    {
      id: 'Visit',
      description: 'The visit as created (spec 000 §3 "Visit"); absent fields are null.',
      example: {
        visitId: '6f1d2e3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
        visitorId: '0b5c3d1e-8a41-4c3e-9f0e-6d2f2a7b9c11',
        deviceId: 'device-1f2e3d',
        parentVisitId: null,
        absoluteParentVisitId: '6f1d2e3c-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
        siteId: 2,
        siteName: 'Homepage',
        createdAt: '2026-11-25T10:00:00.000Z',
        completeUrl: 'aHR0cHM6Ly93d3cuZXhhbXBsZS5pbi8=',
      },
    },
  ],
  [
    consentCheckBodySchema,
    {
      id: 'ConsentSimplePayload',
      description: 'spec 000 §3 "Consent (simple) payload"; contractVersionId is the one in the visitor\'s cookie.',
      example: { contractId: 'pb-tnc-homepage', visitId: 'visit-1', visitorId: 'visitor-1', contractVersionId: '1' },
    },
  ],
  [
    userConsentBodySchema,
    {
      id: 'ConsentContractPayload',
      description: 'spec 000 §3 "Consent contract payload": userValue Y or N, consentState 1 (clicked) or 2.',
      example: {
        contractId: 'pb-tnc-homepage',
        contractVersionId: '1',
        visitorId: 'visitor-1',
        visitId: 'visit-1',
        pageUrl: 'aHR0cHM6Ly93d3cuZXhhbXBsZS5pbi8=',
        userValue: 'Y',
        consentState: 1,
      },
    },
  ],
  [
    byteBufferSchema,
    {
      id: 'ContractText',
      description:
        "The contract's markup as UTF-8 bytes (spec 000 §3: contractText.data is a byte buffer rendered as " +
        'markup): decode data as UTF-8 to get the HTML. type is always the marker "Buffer", kept because ' +
        'existing clients revive the object with it; nothing else about it is platform specific.',
      example: { type: 'Buffer', data: [60, 112, 62, 72, 105, 60, 47, 112, 62] },
    },
  ],
  [
    jsonValueSchema,
    {
      id: 'JsonValue',
      description:
        'Any JSON value: the free-form maps of a site entry (spec 000 §3 "Site entry": sharedData, applicationDetails).',
    },
  ],
  [
    consentCheckResponseSchema,
    {
      id: 'ConsentCheckResponse',
      description: 'spec 000 §3 "Consent check response" (isLatestVersion travels beside response).',
    },
  ],
];

// Named once per process: the registry is global and refuses an id twice (tests build many apps).
for (const [schema, meta] of [...COMPONENTS, ...OFFER_COMPONENTS]) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, meta);
}

/** The document's introduction; `docsSite` is the site this page's own origin belongs to, if any. */
const intro = (
  docsSite: number | undefined,
) => `Services of spec 000 §7 and spec 001 §7: visits, analytics events, activity, consent, sign-in.

## The pass token

Every service route (paths under ${SERVICE_PREFIXES.join(', ')}) takes a **pass token** in the
\`${PASS_TOKEN_HEADER}\` header (for image loads, GET only, the \`${PASS_TOKEN_QUERY}\` query parameter instead).
It is a JWT signed HS256 (RFC 7515) with the calling site's key, named by the header's \`kid\`, whose
claims are \`siteId\` (a configured site id), \`iat\` and \`exp\` (at most the site's passTokenValidity,
900 s by default, apart), \`device\` (the device fingerprint encrypted with AES-GCM under the same key)
and optionally \`authenticationToken\` ({product, crm, sso}: a signed-in customer's access token rides in
\`sso\`). The calling page's Origin must belong to the token's site.

**How to get one.** In a browser, load the SDK (\`/sdk/pravesh.js\`): it fetches the site's shield
configuration (\`GET /MSP/api/v1/shield/config/{siteId}\`, the encrypted client key \`ct\`/\`ci\`), signs a token
and sends it on every call. From a shell, \`npm run -s pass-token -- --site 2\` prints one made with the
server's own keys for site 2 (any curl call sends no Origin, so any site will do). A page on a host the
site lists in noPassDomain may send \`${NO_PASS_HEADER}: 1\` instead.

${tryItOut(docsSite)}

Refusals: \`clientTokenMissingException\` (401, no token), \`invalidJwtException\` (401: malformed, wrong key,
"Jwt Expired"), \`invalidAuthenticationStrategyException\` (401), \`authenticationException\` (403: origin,
route or device), \`configurationException\` (403: unknown site).

## Customers

Routes that speak for a customer (a customerId in the body) also need that customer's access token:
in the pass token's \`sso\` strategy or the \`${ACCESS_TOKEN_HEADER}\` header. Access tokens come from the
sign-in journey (\`/authorize\`, then \`myAccount/getSsoToken\` or the OAuth token endpoint).

## OAuth 2.0

\`/.well-known/oauth-authorization-server\` (RFC 8414) describes the authorization server:
authorization code with PKCE S256 (required for public clients), client_secret_basic or
client_secret_post for confidential ones. The OAuth endpoints take no pass token.

## Answers

Every JSON answer is the spec's envelope \`{ status, statusCode, statusMessage?, response? }\`; success is
\`status: true\` (statusCode "success"). Errors use the catalogue codes listed per route.`;

/**
 * The site "Try it out" on this page calls as. Spec 000 §8 binds a pass token to its site's
 * origins, and this page runs on the API host's own origin: a token for site 2 (the one a curl
 * example uses) is refused here with authenticationException, as it would be on any page outside
 * site 2. Rather than let this page's origin borrow every site's tokens, the document names the
 * site whose configured origins hold the API host (locally the accounts host, site 11, and My
 * Account, 14): its token passes the same origin check every browser call meets.
 */
export function docsSiteId(config: AppConfig): number | undefined {
  for (const settings of config.sites.values()) {
    if (settings.origins.includes(config.publicUrl)) return settings.siteId;
  }
  return undefined;
}

function tryItOut(docsSite: number | undefined): string {
  if (docsSite === undefined) {
    return `**Try it out on this page.** This page's origin belongs to no configured site, so the API refuses
service calls made from it (the Origin check above); call the API with curl, or add this host to a site's origins.`;
  }
  return `**Try it out on this page.** This page runs on the origin of site ${docsSite}, so make the token for that
site: \`npm run -s pass-token -- --site ${docsSite}\`, then paste it under **Authorize** (passToken). A token of
another site is refused here (\`authenticationException\`), as it would be on any page outside that site.`;
}

/** A catalogue entry as the document lists it: HTTP status, code, text (a template for parameterised ones). */
function catalogued(key: keyof typeof ERRORS): { status: number; code: string; message: string } {
  const entry = ERRORS[key];
  const message =
    typeof entry.message === 'string'
      ? entry.message
      : entry.message(new Proxy({}, { get: (_target, name) => `{${String(name)}}` }));
  return { status: entry.status, code: entry.code, message };
}

const SHIELD_ERRORS = [
  'clientTokenMissing',
  'jwtInvalid',
  'jwtExpired',
  'invalidAuthenticationStrategy',
  'authentication',
  'configuration',
] as const satisfies readonly (keyof typeof ERRORS)[];
const INPUT_ERRORS = ['required', 'badRequest', 'payloadTooLarge'] as const;
const CUSTOMER_ERRORS = ['tokenNotValidated'] as const;

/** The credit routes' codes, by core's CREDIT_ROUTES name. */
const CREDIT_ERRORS_BY_ROUTE: Record<keyof typeof CREDIT_ROUTES, readonly (keyof typeof ERRORS)[]> = {
  getCreditScores: [...CUSTOMER_ERRORS, 'invalidCreditBureau'],
  reportStatus: [...CUSTOMER_ERRORS, 'invalidCreditBureau'],
  bureauReport: [...CUSTOMER_ERRORS, 'invalidCreditBureau', 'creditReportNotFound'],
  scoreMeter: [...CUSTOMER_ERRORS, 'invalidCreditBureau', 'creditReportNotFound'],
  getBureauScore: [...CUSTOMER_ERRORS, 'invalidCreditBureau', 'creditReportNotFound'],
  // spec 000 §7: test and staging only; elsewhere the unknown-route answer.
  getCreditReport: [...CUSTOMER_ERRORS, 'invalidCreditBureau', 'creditReportNotFound', 'notFound'],
  pullReport: [
    ...CUSTOMER_ERRORS,
    'bureauConsentRequired',
    'bureauRefreshTooEarly',
    'bureauUnavailable',
    'bureauTimeout',
  ],
};

/** Route-specific catalogue codes, by "METHOD path" (Fastify's path syntax). */
const ROUTE_ERRORS: Record<string, readonly (keyof typeof ERRORS)[]> = {
  'POST /MSP/api/v1/visit': ['failedToCreateVisitId'],
  'POST /MSP/api/v1/puckar/check': [
    'puckarContractIdRequired',
    'puckarVisitIdRequired',
    'contractNotFound',
    ...CUSTOMER_ERRORS,
  ],
  'POST /MSP/api/v1/puckar/userconsent': [
    'puckarContractIdRequired',
    'puckarVisitIdRequired',
    'contractNotFound',
    'contractVersionNotFound',
    ...CUSTOMER_ERRORS,
  ],
  'POST /MSP/api/v1/puckar/islatestcontractversion': ['puckarContractIdRequired', 'contractNotFound'],
  'POST /MSP/api/v1/puckar/withdraw': [
    'puckarContractIdRequired',
    'contractNotFound',
    'consentNotGiven',
    ...CUSTOMER_ERRORS,
  ],
  'POST /MSP/api/v1/puckar/history': CUSTOMER_ERRORS,
  'POST /MSP/api/v1/pbguc/activity': [
    'invalidSiteId',
    'dataSizeExceeded',
    'notAuthorizedToSetCustomerData',
    ...CUSTOMER_ERRORS,
  ],
  'POST /MSP/api/v1/pbguc/getApplicationData': CUSTOMER_ERRORS,
  'POST /SSOSP/api/v1/customer/otp': [
    'invalidMobileNumber',
    'invalidAuthorizationKey',
    'siteIdMismatch',
    'otpRateLimited',
  ],
  'POST /SSOSP/api/v1/customer/emailOtp': [
    'invalidEmail',
    'invalidAuthorizationKey',
    'siteIdMismatch',
    'otpRateLimited',
    'emailOtpUnavailable',
  ],
  'POST /SSOSP/api/v1/oauth/authorize': [
    'otpIncorrect',
    'otpOtherFailure',
    'mfaRequired',
    'invalidCredentials',
    'credentialsLocked',
    'invalidClient',
    'invalidRedirectUri',
    'invalidScope',
    'sessionInvalid',
    'glssKeyInvalid',
    'authTokenInvalid',
    'callerIdNotApproved',
  ],
  'POST /MSP/api/v1/myAccount/getSsoToken': ['invalidGrant', 'invalidClient'],
  'POST /BSP/api/v1/myAccount/ssoLogin': ['invalidGrant', 'invalidClient'],
  'GET /SSOSP/api/v1/customer/preference': ['invalidMobileNumber', 'rateLimited'],
  'POST /SSOSOCKET/api/v1/oauth/request': ['callerIdNonceTaken'],
  'GET /SSOSOCKET/api/v1/oauth/request/:requestNonce': ['callerIdRequestNotFound', 'siteIdMismatch'],
  'GET /MSP/api/v1/shield/config/:siteId': ['invalidSiteId'],
  ...Object.fromEntries(
    (Object.keys(CREDIT_ROUTES) as (keyof typeof CREDIT_ROUTES)[]).map((route) => [
      `${CREDIT_ROUTE_METHODS[route]} ${CREDIT_ROUTES[route]}`,
      CREDIT_ERRORS_BY_ROUTE[route],
    ]),
  ),
  // Leads (modules/leads): the customer routes answer for the access token's customer.
  'POST /MSP/api/v1/PCO/applyOffer': [
    ...CUSTOMER_ERRORS,
    'applyMobileMismatch',
    'offerNotAvailable',
    'genericUserMessage',
  ],
  'POST /BSP/api/v1/partner/quoteApply': [
    ...CUSTOMER_ERRORS,
    'applyMobileMismatch',
    'offerNotAvailable',
    'genericUserMessage',
  ],
  'GET /MSP/api/v1/myAccount/getLeads': CUSTOMER_ERRORS,
  'GET /MSP/api/v1/myAccount/getUpdatedLeadDetails': [...CUSTOMER_ERRORS, 'leadNotFound'],
  'POST /MSP/api/v1/myAccount/withdrawLead': [...CUSTOMER_ERRORS, 'leadNotFound', 'leadNotWithdrawable'],
  'GET /BSP/api/v1/partner/lead': ['partnerKeyInvalid', 'leadNotFound'],
  'POST /BSP/api/v1/partner/leadStatus': ['partnerKeyInvalid', 'leadNotFound', 'leadTransitionRefused'],
  ...OFFER_ROUTE_ERRORS,
  ...ADD_ON_ROUTE_ERRORS,
  ...CREDIT_ALERT_ROUTE_ERRORS,
  ...AGGREGATOR_ROUTE_ERRORS,
  ...SUPPORT_ROUTE_ERRORS,
  ...HOLDINGS_ROUTE_ERRORS,
  // Self-service: commbox preferences (spec 001 §7), active devices and consents (paths ours).
  'GET /MSP/api/v1/commbox/getPreference': CUSTOMER_ERRORS,
  'POST /MSP/api/v1/commbox/preference': CUSTOMER_ERRORS,
  'POST /MSP/api/v1/myAccount/activeDevices': CUSTOMER_ERRORS,
  'POST /MSP/api/v1/myAccount/activeDevices/revoke': [
    ...CUSTOMER_ERRORS,
    'deviceNotFound',
    'currentDeviceNotRevocable',
  ],
  'POST /MSP/api/v1/myAccount/consents': CUSTOMER_ERRORS,
};

/**
 * Credit, offer, alert and aggregator routes take the customer's access token beside the pass
 * token.
 */
const CREDIT_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(CREDIT_ROUTES),
  ...OFFER_CUSTOMER_PATHS,
  ...CREDIT_ALERT_CUSTOMER_PATHS,
  ...AGGREGATOR_CUSTOMER_PATHS,
  ...ADD_ON_CUSTOMER_PATHS,
]);

/** Rate limits a client meets, by "METHOD path", from the running configuration. */
function rateLimits(config: AppConfig): Record<string, string> {
  const otp = config.sso.otp;
  const sends =
    `${otp.maxSendsPerHour} sends per number per hour and ${otp.maxSendsPerIpPerHour} per client address ` +
    'per hour (shared through Redis when several instances run); over it otpRateLimited (429).';
  return {
    'POST /SSOSP/api/v1/customer/otp': sends,
    'POST /SSOSP/api/v1/customer/emailOtp': sends,
    'POST /SSOSP/api/v1/oauth/authorize':
      `${otp.maxAttempts} wrong codes lock the code (otpIncorrect, then a new code is needed); repeated wrong ` +
      'passwords lock the credentials for a while (credentialsLocked, 429).',
  };
}

/** OAuth endpoints: how the client authenticates (RFC 6749 §2.3, RFC 7009 §2.1, RFC 6750). */
const OAUTH_SECURITY: Record<string, Record<string, string[]>[]> = {
  'POST /SSOSP/oauth/token': [{ oauthClientBasic: [] }, { oauthClientPost: [] }, {}],
  'POST /SSOSP/oauth/revoke': [{ oauthClientBasic: [] }, { oauthClientPost: [] }, {}],
  'GET /SSOSP/oauth/userinfo': [{ oauthBearer: [] }],
};

/** Partner routes (server to server, no pass token): the partner key header (modules/leads). */
const PARTNER_SECURITY: Record<string, Record<string, string[]>[]> = {
  'GET /BSP/api/v1/partner/lead': [{ partnerKey: [] }],
  'POST /BSP/api/v1/partner/leadStatus': [{ partnerKey: [] }],
};

/** Forms of the OAuth endpoints (they parse application/x-www-form-urlencoded themselves). */
const OAUTH_FORMS: Record<string, { properties: Record<string, unknown>; required: string[] }> = {
  'POST /SSOSP/oauth/token': {
    properties: {
      grant_type: { type: 'string', enum: ['authorization_code'] },
      code: { type: 'string' },
      redirect_uri: { type: 'string', format: 'uri' },
      client_id: { type: 'string' },
      client_secret: { type: 'string', description: 'client_secret_post only' },
      code_verifier: { type: 'string', description: 'PKCE (RFC 7636); required for public clients' },
    },
    required: ['grant_type', 'code', 'redirect_uri'],
  },
  'POST /SSOSP/oauth/revoke': {
    properties: {
      token: { type: 'string' },
      token_type_hint: { type: 'string', enum: ['access_token'] },
      client_id: { type: 'string' },
      client_secret: { type: 'string', description: 'client_secret_post only' },
    },
    required: ['token'],
  },
};

/** Routes without a zod schema that a client or operator still needs to find, and what each answers. */
const PLAIN_ROUTES: Record<string, { summary: string; tags: string[]; answer: string }> = {
  'GET /': {
    summary: "The API host's front page: the demo sites, this document and the SDK files",
    tags: ['pages'],
    answer: 'The page (HTML).',
  },
  'GET /healthz': {
    summary: 'Liveness: answers {"status":"ok"} while the process runs',
    tags: ['health'],
    answer: 'The process runs: {"status":"ok"}.',
  },
  'GET /readyz': {
    summary: 'Readiness: 200 when the database answers, 503 otherwise',
    tags: ['health'],
    answer: 'Ready: the database answered ({"status":"ok"}); 503 otherwise.',
  },
  'GET /sdk': {
    summary: 'The browser SDK files, listed with how to load them (/sdk/ is the list)',
    tags: ['sdk'],
    answer: 'A redirect to /sdk/, the page that lists the files.',
  },
  'GET /sdk/*': {
    summary: 'The browser SDK: pravesh.js (script tag), pravesh.esm.js, the lazily loaded scripts and widgets',
    tags: ['sdk'],
    answer: 'The file (JavaScript, CSS or a font).',
  },
  'GET /hub': {
    summary: 'The cross-storage hub page (spec 000 §7), loaded in a hidden frame',
    tags: ['pages'],
    answer: 'The hub page (HTML).',
  },
  'GET /hub-assets/*': { summary: "The hub page's script and assets", tags: ['pages'], answer: 'The file.' },
  'GET /accounts-assets/*': {
    summary: "The accounts pages' scripts, styles and fonts",
    tags: ['pages'],
    answer: 'The file.',
  },
  'GET /favicon.svg': { summary: "The API host's icon", tags: ['pages'], answer: 'The icon (image/svg+xml).' },
  'GET /favicon.ico': {
    summary: 'Redirects to /favicon.svg (browsers ask for this name)',
    tags: ['pages'],
    answer: 'A redirect to /favicon.svg.',
  },
  'GET /listener': {
    summary: 'Accounts page: the sign-in widget frame (spec 000 §2)',
    tags: ['pages'],
    answer: 'The page (HTML).',
  },
  'GET /authorize': {
    summary: 'Accounts page: the login link and the OAuth authorization_endpoint (spec 000 §2)',
    tags: ['pages'],
    answer: 'The sign-in page (HTML); a link it cannot serve is refused with a 400 page.',
  },
  'GET /desk': {
    summary: "The support desk: agents' sign-in and their chats (never framed)",
    tags: ['pages'],
    answer: 'The page (HTML).',
  },
  'GET /logout': {
    summary: 'Accounts page: the logout link (spec 000 §2), redirect_uri',
    tags: ['pages'],
    answer: 'The page (HTML), or a redirect to redirect_uri once signed out.',
  },
  'GET /myaccount': {
    summary: 'My Account, the signed-in dashboard (spec 001 §1, §2): redirects to /myaccount/',
    tags: ['pages'],
    answer: 'A redirect to /myaccount/, the dashboard page.',
  },
  'GET /myaccount/assets/*': {
    summary: "My Account's hashed scripts, styles and fonts",
    tags: ['pages'],
    answer: 'The file.',
  },
  'GET /myaccount/*': {
    summary: "My Account's routes (the app's index.html) and hashed bundles",
    tags: ['pages'],
    answer: 'The page (HTML) or the file.',
  },
};

/** What the routes with a schema but no response schema answer, by "METHOD path". */
const PLAIN_ANSWERS: Record<string, string> = {
  'GET /.well-known/oauth-authorization-server': 'The authorization server metadata (RFC 8414 §3.2).',
  'POST /SSOSP/oauth/token': 'The token response (RFC 6749 §5.1); refusals are RFC 6749 §5.2 errors.',
  'POST /SSOSP/oauth/revoke': 'Revoked, or the token was not valid (RFC 7009 §2.2).',
  'GET /SSOSP/oauth/userinfo': "The access token's customer.",
  'GET /desk/api/v1/events': "The agent's events as a stream (text/event-stream).",
  'GET /dev/outbox.json': 'The messages kept by the local SMS and email outbox (JSON).',
  'GET /dev/outbox': 'The local outbox page (HTML).',
};

/** Fastify's path syntax as the document writes it (":id" → "{id}", a trailing "*" → "{path}"). */
function documentPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, `{${WILDCARD_PARAM}}`);
}

/** Response descriptions of the routes without a response schema, by "METHOD documentPath". */
function plainAnswers(): Record<string, string> {
  const answers: Record<string, string> = {};
  const entries = [
    ...Object.entries(PLAIN_ROUTES).map(([key, route]) => [key, route.answer] as const),
    ...Object.entries(PLAIN_ANSWERS),
  ];
  for (const [key, answer] of entries) {
    const [method, path] = key.split(' ') as [string, string];
    answers[`${method} ${documentPath(path)}`] = answer;
  }
  return answers;
}

/** The document's tags (openapiOptions). */
const TAGS: { name: string; description: string }[] = [
  { name: 'shield', description: 'Site shield configuration (spec 000 §3)' },
  { name: 'visits', description: 'Visits (spec 000 §3, §4)' },
  { name: 'analytics', description: 'Analytics events (spec 000 §3, §7)' },
  { name: 'activity', description: 'Recent activity and shared data (spec 000 §3, §5)' },
  { name: 'consent', description: 'Terms consent, "puckar" (spec 000 §3, §4, §7)' },
  { name: 'sso', description: 'Sign-in (spec 000 §4, §7)' },
  { name: 'my-account', description: 'My Account session and customer (spec 001 §2, §4, §7)' },
  {
    name: 'credit',
    description:
      'Credit scores and reports (spec 000 §3, §7; spec 001 §3, §5, §7): reads GET with the bureau in the ' +
      "creditBureau query, the consented pull POST; every route answers for the access token's customer.",
  },
  { name: 'credit-alerts', description: 'Credit alerts: what changed between pulls, explained (spec 001 §3, §7)' },
  { name: 'offers', description: 'Pre-approved offers, quotes and offer images (spec 000 §3, §4, §7; spec 001 §7)' },
  { name: 'leads', description: 'Applications to offers and their status (spec 000 §4, spec 001 §7)' },
  { name: 'partner', description: "A lending partner's view of its leads, with its partner key (server to server)" },
  { name: 'add-ons', description: 'Paid add-ons: the credit health report and its payment (spec 001 §3, §7)' },
  { name: 'invoices', description: 'GST tax invoices of paid add-ons (spec 001 §7)' },
  { name: 'aggregator', description: 'Bank linking through the account aggregator (spec 001 §2, §7)' },
  { name: 'support', description: 'FAQs, support queries and chat (spec 001 §2, §7, §9)' },
  {
    name: 'support desk',
    description: "The support agents' console: its own sign-in and session cookie, never a customer token",
  },
  { name: 'profile', description: 'Contact and personal details, reference lists (spec 001 §2, §3, §7)' },
  { name: 'holdings', description: 'Mutual funds, wallet protection and ONDC loans banners (spec 001 §1, §7)' },
  { name: 'oauth', description: 'OAuth 2.0 authorization server (RFC 6749, 7636, 7009, 8414)' },
  { name: 'health', description: 'Liveness and readiness' },
  { name: 'sdk', description: 'The browser SDK files and their index page' },
  { name: 'pages', description: 'Pages of the API host: its front page, the accounts pages and the hub' },
  { name: 'development', description: 'Development aids, registered only in the local environment' },
];

/** A tag's spelling without case or punctuation: "my-account", "myaccount" and "MyAccount" are one. */
export const tagKey = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A route that names no tag is filed under its path's first segment, spelled as the declared tag
 * it matches ("/myaccount/…" under "my-account"), so one group never appears under two names.
 */
function fallbackTag(url: string): string {
  const segment = url.split('/').filter(Boolean)[0] ?? 'other';
  return TAGS.find((tag) => tagKey(tag.name) === tagKey(segment))?.name ?? segment;
}

/** The name a trailing wildcard (Fastify's "*") has in the document. */
export const WILDCARD_PARAM = 'path';

/** Development aids (local environment only): listed, so every route that answers is in the document. */
const DEV_PREFIX = '/dev/';

/**
 * Never listed: the document itself, CORS preflights, and HEAD (every HEAD route here is the twin
 * of a listed GET).
 */
export function isUndocumented(method: string, url: string): boolean {
  return (
    method === 'OPTIONS' ||
    method === 'HEAD' ||
    url === '/docs' ||
    url.startsWith('/docs/') ||
    // A folder's own page (/myaccount/, /sdk/): OpenAPI paths do not end in "/" (Redocly
    // no-path-trailing-slash); the folder without the slash is listed and says where it leads.
    (url.length > 1 && url.endsWith('/'))
  );
}

interface RouteLike {
  method: string | string[];
  url: string;
  config?: { shield?: boolean } | undefined;
}

/** Whether the shield hook guards the route (plugins/shield.ts decides the same way). */
export function isShielded(route: RouteLike): boolean {
  return route.config?.shield !== false && SERVICE_PREFIXES.some((prefix) => route.url.startsWith(prefix));
}

function errorResponses(keys: readonly (keyof typeof ERRORS)[]): Record<string, unknown> {
  const byStatus = new Map<number, { code: string; message: string }[]>();
  for (const key of keys) {
    const { status, code, message } = catalogued(key);
    const list = byStatus.get(status) ?? [];
    if (!list.some((known) => known.code === code && known.message === message)) list.push({ code, message });
    byStatus.set(status, list);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.map(({ code, message }) => `\`${code}\`: ${message}`).join('; '),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/ErrorEnvelope' },
          examples: Object.fromEntries(
            list.map(({ code, message }, i) => [
              `${code}${i}`,
              { summary: code, value: { status: false, statusCode: code, statusMessage: message } },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

export function openapiOptions(config: AppConfig): FastifyDynamicSwaggerOptions {
  const limits = rateLimits(config);
  return {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Pravesh API', version: '0.1.0', description: intro(docsSiteId(config)) },
      servers: [{ url: config.publicUrl }],
      tags: TAGS,
      components: {
        securitySchemes: {
          passToken: {
            type: 'apiKey',
            in: 'header',
            name: PASS_TOKEN_HEADER,
            description: 'The pass token (see the introduction); GET image loads may send it as a query parameter.',
          },
          accessToken: {
            type: 'apiKey',
            in: 'header',
            name: ACCESS_TOKEN_HEADER,
            description:
              "A signed-in customer's access token, for routes that name a customerId and the credit routes; " +
              "the pass token's sso strategy may carry it instead.",
          },
          partnerKey: {
            type: 'apiKey',
            in: 'header',
            name: PARTNER_KEY_HEADER,
            description:
              "A lending partner's key (PRAVESH_PARTNER_KEYS), for the partner routes only; sent server to server, never from a browser.",
          },
          oauthClientBasic: {
            type: 'http',
            scheme: 'basic',
            description: 'client_secret_basic (RFC 6749 §2.3.1): client_id and client_secret, form-urlencoded.',
          },
          oauthClientPost: {
            // OpenAPI has no scheme for credentials in the form body; this names client_secret_post.
            type: 'apiKey',
            in: 'query',
            name: 'client_secret',
            description:
              'client_secret_post (RFC 6749 §2.3.1): client_id and client_secret in the form body, not the ' +
              'query. Public clients send only client_id and a PKCE code_verifier.',
          },
          oauthBearer: { type: 'http', scheme: 'bearer', description: 'An access token (RFC 6750).' },
          oauth2: {
            type: 'oauth2',
            description: 'Authorization code with PKCE S256.',
            flows: {
              authorizationCode: {
                authorizationUrl: `${config.publicUrl}/authorize`,
                tokenUrl: `${config.publicUrl}/SSOSP/oauth/token`,
                scopes: Object.fromEntries(SSO_SCOPES.map((scope) => [scope, `scope ${scope}`])),
              },
            },
          },
        },
      },
      // No global security: only routes that take a pass token say so (transform below).
    },
    transform(input: TransformInput) {
      const route = input.route as unknown as RouteLike;
      // One route may carry several methods (@fastify/static: HEAD and GET): it is listed when any is.
      const methods = [route.method].flat().map((name) => name.toUpperCase());
      const method = methods.find((name) => !isUndocumented(name, input.url));
      if (method === undefined) return { schema: { hide: true }, url: input.url };
      const key = `${method} ${input.url}`;

      const plain = PLAIN_ROUTES[key];
      const dev = input.url.startsWith(DEV_PREFIX);
      // Health, SDK, page and development routes carry hide or no schema: list them all the same.
      const schema = { ...(input.schema ?? {}), hide: false } as TransformInput['schema'];
      const { schema: transformed, url: converted } = jsonSchemaTransform({ ...input, schema });
      // Fastify's trailing wildcard becomes a named parameter: OpenAPI path templates are names
      // (OpenAPI 3.0.3 §4.7.8.1), and "{*}" is none that a client generator can bind.
      const url = converted.endsWith('*') ? `${converted.slice(0, -1)}:${WILDCARD_PARAM}` : converted;
      const out = transformed as Record<string, unknown> & { response?: Record<string, unknown> };
      if (plain) Object.assign(out, { summary: out.summary ?? plain.summary, tags: plain.tags });
      if (dev) Object.assign(out, { tags: ['development'], summary: out.summary ?? 'Development aid (local only)' });
      if (!out.tags) out.tags = [fallbackTag(input.url)];

      const shielded = isShielded(route);
      out.security =
        OAUTH_SECURITY[key] ??
        PARTNER_SECURITY[key] ??
        (CREDIT_PATHS.has(input.url) ? [{ passToken: [], accessToken: [] }] : shielded ? [{ passToken: [] }] : []);
      const form = OAUTH_FORMS[key];
      if (form) {
        out.body = { type: 'object', ...form };
        out.consumes = ['application/x-www-form-urlencoded'];
      }

      const codes = [
        ...(shielded ? SHIELD_ERRORS : []),
        ...(input.schema?.body || input.schema?.querystring || input.schema?.params ? INPUT_ERRORS : []),
        ...(ROUTE_ERRORS[key] ?? []),
      ];
      const responses: Record<string, unknown> = { ...out.response };
      // The catalogue's per-status answers replace the zod '4xx' catch-all, which says nothing of codes.
      if (codes.length > 0) {
        delete responses['4xx'];
        Object.assign(responses, errorResponses(codes));
      }
      if (Object.keys(responses).length > 0) out.response = responses;
      if (url !== converted) {
        out.params = {
          type: 'object',
          properties: {
            [WILDCARD_PARAM]: { type: 'string', description: 'The rest of the path, slashes included' },
          },
          required: [WILDCARD_PARAM],
        };
      }

      const limit = limits[key];
      if (limit) {
        out['x-rate-limit'] = limit;
        out.description = `${typeof out.description === 'string' ? `${out.description}\n\n` : ''}**Rate limit:** ${limit}`;
      }
      return { schema: out, url };
    },
    transformObject: (input) => finishDocument(jsonSchemaTransformObject(input), plainAnswers()),
  };
}
