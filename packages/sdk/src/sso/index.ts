/**
 * The single sign-on client (spec 000 §3 "Sign-on configuration", §4, §5). Also the entry of its
 * own lazily loaded script (dist/pravesh-sso.js, global `PraveshSso`; Pravesh.loadSignOn adds
 * it), so the core script stays within its budget. The sign-in widget is a further script
 * (dist/widgets/pravesh-sign-in.js) loaded only when a widget journey opens.
 */
export {
  AUTO_INIT_POLL_MS,
  AUTO_INIT_TIMEOUT_MS,
  createSignOn,
  type CallerIdSignInResult,
  maskMobileNo,
  returnedNoStatus,
  type LoginLinkOptions,
  type OtpPayloadExtras,
  type SignInOptions,
  type SignInResult,
  type SignOn,
  type SignOnInitResult,
  type SignOnOptions,
  type SignOnSession,
  type SignOnSnapshot,
} from './sign-on.ts';
export {
  LOGIN_REQUIREMENTS,
  LOGOUT_REQUIREMENTS,
  OTP_REQUIREMENTS,
  type ResolvedSignOnConfig,
  type SignOnClient,
  type SignOnConfig,
} from './config.ts';
export {
  loginLinkUrl,
  loginQuery,
  logoutLinkUrl,
  readUrlSignOnParams,
  type LoginLinkBase,
  type LoginLinkParams,
  type UrlSignOnParams,
} from './links.ts';
export { methodFields, methodInputs, type AuthorizeCredentials } from './methods.ts';
export {
  CALLER_ID_WINDOW,
  runCallerIdLogin,
  windowAppOpener,
  type CallerIdEnvironment,
  type CallerIdLoginOptions,
  type CallerIdLoginOutcome,
  type CallerIdLoginStatus,
} from './caller-id.ts';
export { PENDING_LOGIN_TTL_MS } from './pending-login.ts';
export { existsCookieSet, sessionExists } from './session-exists.ts';
export { accessTokenCookieName, type TokenStore } from './token-store.ts';
export { linkVisitorToCustomer, unlinkVisitorCustomer, type LinkedCustomer, type VisitorLink } from './visitor-link.ts';
export {
  loadSignInWidget,
  SIGN_IN_WIDGET_FILE,
  SIGN_IN_WIDGET_GLOBAL,
  type OpenSignInWidget,
  type SignInWidgetRequest,
  type SignInWidgetResult,
} from './widget.ts';
// The sign-on script carries its own copy of the error classes: script-tag users test its errors
// with PraveshSso.isPraveshError (or error.name), and refusals are PraveshSso.PassRequestError.
export { PassRequestError } from '../http.ts';
export { isPraveshError, PraveshError, SSO_INIT_STATES, type SsoInitState } from '@pravesh/core';
