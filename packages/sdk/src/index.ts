/**
 * Pravesh browser SDK: request shield (pass token + device fingerprint), shielded HTTP client and
 * analytics. `createPravesh` is the entry point; the building blocks are exported for the other
 * layers (visitor, storage, sign-on, consent) and for tests.
 */
export { createPravesh, type Pravesh, type PraveshOptions, type TrackingDataProvider } from './client.ts';
export { shieldConfigPath } from '@pravesh/core';
export { validateClientOptions, validateShieldConfig, type ClientOptions } from './shield-config.ts';
export { collectDeviceComponents, DEVICE_CACHE_KEY, getDevicePayload, type DevicePayloadOptions } from './device.ts';
export {
  clockOffsetMs,
  createPassTokenSigner,
  renewalMarginSeconds,
  type AuthenticationTokens,
  type PassTokenSigner,
  type PassTokenSignerOptions,
} from './pass-token.ts';
export {
  createHttpClient,
  PassRequestError,
  type FetchLike,
  type HttpClient,
  type HttpClientOptions,
  type HttpMethod,
  type QueryParams,
  type RequestOptions,
} from './http.ts';
export { createAnalytics, PRODUCE_EVENT_PATH, randomUuid, type Analytics, type TrackEvent } from './analytics.ts';
// The visitor layer is a script of its own, loaded on demand; its API is in ./visitor.ts.
export {
  loadVisitorLayer,
  loadVisitorModule,
  type LoadVisitorLayerOptions,
  type VisitorModule,
} from './visitor-loader.ts';
export type { VisitorLayer, VisitorLayerOptions } from './visitor-layer.ts';
// The sign-on client is a script of its own too (pravesh-sso.js); its API is in ./sso/index.ts.
export { loadSignOn, loadSignOnModule, type LoadSignOnOptions, type SignOnModule } from './sso/loader.ts';
export type {
  CallerIdLoginOptions,
  CallerIdLoginStatus,
  CallerIdSignInResult,
  OpenSignInWidget,
  SignInResult,
  SignInWidgetRequest,
  SignInWidgetResult,
  SignOn,
  SignOnConfig,
  SignOnOptions,
  SignOnSession,
} from './sso/index.ts';
// The consent client is a script of its own too (pravesh-consent.js); its API is in ./consent/index.ts.
export { loadConsent, loadConsentModule, type ConsentModule, type LoadConsentOptions } from './consent/loader.ts';
export type {
  CheckedContract,
  Consent,
  ConsentConfig,
  ConsentOptions,
  ConsentOutcome,
  ConsentPanelRequest,
  ConsentPanelResult,
  ContractSanitizer,
  OpenConsentPanel,
} from './consent/index.ts';
// The nudge: only its loader is here; the widget is a script of its own (widgets/pravesh-nudge.js).
export {
  loadNudge,
  type LoadNudgeOptions,
  type NudgeHandle,
  type NudgeLinks,
  type NudgeMountContext,
  type NudgeWidget,
} from './nudge/loader.ts';
// Re-exported so script-tag users can tell catalogue errors apart (`error instanceof Pravesh.PraveshError`).
export {
  isPraveshError,
  PraveshError,
  type AnalyticsEvent,
  type DeviceComponents,
  type DevicePayload,
  type Environment,
  type ProduceEventResponse,
  type ShieldConfig,
} from '@pravesh/core';
