/**
 * Caller identification (spec 000 §3 "Caller-identification login payload", §4 statuses): the
 * browser hands a request nonce to an identity app on the phone; the app's provider tells us,
 * for that nonce, whether the person approved and which number they verified. A provider turns a
 * request into the link the browser opens; its confirmation (a webhook for a real provider, the
 * simulator page locally) calls back into the caller-id service with the outcome.
 */
export interface CallerIdLinkRequest {
  requestNonce: string;
  partnerKey?: string | null | undefined;
  lang?: string | null | undefined;
}

export interface CallerIdProvider {
  /** Stored with each request, so a status always names who answered it. */
  readonly name: string;
  /** What the browser opens to hand the request to the app. */
  appUrl(request: CallerIdLinkRequest): string;
}
