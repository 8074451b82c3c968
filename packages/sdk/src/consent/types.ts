import type {
  ConsentCheckResponse,
  ConsentFeature,
  ConsentHistoryResponse,
  ConsentState,
  Environment,
  IsLatestContractVersionResponse,
  UserConsentResponse,
} from '@pravesh/core';
import type { Logger } from '../cookie-purge.ts';
import type { CookieJar } from '../cookies.ts';
import type { HttpMethod, RequestOptions } from '../http.ts';
import type { ConsentPeriod } from './constants.ts';
import type { OpenConsentPanel } from './panel.ts';

/** The slice of the Pravesh client the consent client needs (a Pravesh satisfies it). */
export interface ConsentClient {
  readonly siteId: number;
  readonly environment: Environment;
  init(): Promise<unknown>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
}

/** The visitor layer slice the ids come from (a VisitorLayer satisfies it). */
export interface ConsentVisitor {
  readonly records: { read(): { visitorId?: string | undefined; visit?: string | undefined } | undefined };
}

/** The signed-in customer, as the sign-on client holds it (a SignOn satisfies it). */
export interface ConsentSignOn {
  readonly session: { customerId: string; accessToken: string } | undefined;
  refreshAccessToken?(): Promise<string>;
}

/** spec 000 §3 consent config, for one contract. */
export interface ConsentConfig {
  /** The contract: the site's consentId or one of CONSENT_CONFIG_CONTRACTS. */
  contractId?: string;
  /** Default: the visitor layer's current visit. */
  visitId?: string;
  /** Default: the visitor layer's visitor id. */
  visitorId?: string;
  /** Default: the sign-on session's customer; consent is sent only for a GUID (spec 000 §5). */
  customerId?: string;
  /** The customer's access token (default: the sign-on session's); the server requires it with customerId. */
  accessToken?: string;
  /** Feature switches (spec 000 §3, §6); both on unless set false. */
  features?: Partial<Record<ConsentFeature, boolean>>;
  /** 'day' (default): settled consent is asked about once per site per day; 'month': once a month. */
  period?: ConsentPeriod;
  /** The page element renderContract() shows the contract in. */
  elementId?: string;
}

export interface ConsentOptions {
  visitor?: ConsentVisitor | undefined;
  signOn?: ConsentSignOn | undefined;
  /** Shows the panel; default: load the panel's scripts from beside the consent script. */
  openPanel?: OpenConsentPanel;
  /** Where the consent script is (its widgets/ folder is beside it); default the script's own address. */
  scriptBase?: string;
  /** A CSP nonce for the panel's script tags. */
  nonce?: string;
  /** Told when the panel is about to be shown (for the page's own status, analytics…). */
  onPanelOpen?: (contract: CheckedContract) => void;
  cookies?: CookieJar;
  cookieDomain?: string;
  /** spec 000 §5 "writes need cookies enabled"; default navigator.cookieEnabled. */
  cookiesEnabled?: () => boolean;
  /** Milliseconds since the epoch; injectable so the day and month rules are tested without waiting. */
  now?: () => number;
  /** The page address (sent base64 as pageUrl). */
  url?: () => string;
  randomId?: () => string;
  document?: Document;
  logger?: Logger;
}

/** The contract as the last check answered it. */
export interface CheckedContract {
  contractId: string;
  contractVersionId: string;
  /** The contract markup, decoded from the byte buffer (unsanitised: the panel sanitises it). */
  markup: string;
  alreadyVerified: boolean;
  alreadyResponsed: boolean;
  /** The cookie's version is the latest (spec 000 §3 isLatestVersion). */
  isLatestVersion: boolean;
  response: ConsentCheckResponse;
}

export type ConsentOutcome =
  /** TNC_THROUGH_PUCKAR is off: no consent call is made. */
  | { status: 'disabled' }
  /** No signed-in customer with a GUID customerId: consent is not sent (spec 000 §5). */
  | { status: 'notCustomer' }
  /** Settled today (this month with period 'month') and still the latest version: skipped. */
  | { status: 'recorded'; contractVersionId: string }
  /** The check says the latest version is accepted: nothing to show. */
  | { status: 'alreadyVerified'; contractVersionId: string }
  /** SHOW_TNC_BANNER is off: consent is needed, the panel is not shown. */
  | { status: 'pending'; contract: CheckedContract }
  | { status: 'accepted'; contractVersionId: string; consentState: ConsentState }
  | { status: 'declined'; contractVersionId: string; consentState: ConsentState }
  /** The overlay was clicked: dismissed without consent, nothing recorded. */
  | { status: 'dismissed'; contractVersionId: string }
  /** spec 000 §8: "consent failure passes statusCode to the caller". */
  | { status: 'failed'; statusCode: string; statusMessage: string };

export interface Consent {
  readonly contractId: string;
  /** The check, then the panel when needed, then the answer recorded. */
  run(): Promise<ConsentOutcome>;
  /** POST puckar/check; keeps the latest version in the version cookie (spec 000 §4). */
  check(): Promise<CheckedContract>;
  /** POST puckar/islatestcontractversion for the version the cookie holds. */
  isLatestVersion(contractVersionId?: string): Promise<IsLatestContractVersionResponse>;
  /** Records Y for the last checked version (userconsent); consentState 2 unless told. */
  accept(consentState?: ConsentState): Promise<UserConsentResponse>;
  /** Records N for the last checked version. */
  decline(consentState?: ConsentState): Promise<UserConsentResponse>;
  /** Withdraws the customer's consent (a new ledger entry): the panel is offered again. */
  withdraw(reason?: string): Promise<UserConsentResponse>;
  /** The customer's consent history (every ledger entry and the derived state). */
  history(): Promise<ConsentHistoryResponse>;
  /** The same history as CSV, as proof the customer can keep. */
  historyCsv(): Promise<string>;
  /** Saves historyCsv() as a file in the browser. */
  downloadHistoryCsv(fileName?: string): Promise<void>;
  /** Shows the contract, sanitised, inside the page element config.elementId (or `elementId`). */
  renderContract(elementId?: string): Promise<CheckedContract>;
}
