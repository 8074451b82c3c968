import {
  CONSENT_FEATURES,
  CONSENT_ROUTES,
  CONTRACT_ID_PATTERN,
  ERRORS,
  GUID_PATTERN,
  historyToCsv,
  isPraveshError,
  PraveshError,
  type ConsentCheckBody,
  type ConsentCheckResponse,
  type ConsentFeature,
  type ConsentHistoryResponse,
  type ConsentState,
  type ConsentUserValue,
  type Environment,
  type IsLatestContractVersionResponse,
  type UserConsentBody,
  type UserConsentResponse,
  type WithdrawConsentBody,
} from '@pravesh/core';
import { randomUuid } from '../analytics.ts';
import type { Logger } from '../cookie-purge.ts';
import { documentCookieJar, type CookieJar } from '../cookies.ts';
import { PassRequestError, type HttpMethod, type RequestOptions } from '../http.ts';
import type { ConsentPeriod } from './constants.ts';
import { consentCookies, type ConsentCookies } from './consent-cookies.ts';
import { isConsentDateValid, isConsentMonthValid, localDate } from './dates.ts';
import {
  loadConsentPanel,
  loadSanitizerScript,
  type ContractSanitizer,
  type ConsentPanelResult,
  type OpenConsentPanel,
} from './panel.ts';

/**
 * The consent ("puckar") client of spec 000: §3 consent payloads and the consent config, §4
 * "Consent", §5 consent rules, §7 puckar calls, §8 messages, §9 cookies. Plain TypeScript; the
 * panel is a React widget loaded only when a contract must be shown.
 */

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

/** The consent script's own address: the widgets/ folder sits beside it. */
const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

const consoleLogger: Logger = { warn: (message, detail) => console.warn(`[pravesh] ${message}`, detail) };

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

function isClient(value: unknown): value is ConsentClient {
  if (typeof value !== 'object' || value === null) return false;
  const client = value as Partial<ConsentClient>;
  return typeof client.init === 'function' && typeof client.request === 'function';
}

/** UTF-8 bytes of the contract markup (Node's Buffer#toJSON shape) as text. */
export function decodeContractText(contractText: { data?: unknown } | undefined): string {
  const data = contractText?.data;
  if (!Array.isArray(data)) return '';
  return new TextDecoder().decode(Uint8Array.from(data as number[]));
}

/** base64 of the page address, as btoa would give it, for any characters (spec 000 §3 pageUrl). */
export function base64PageUrl(url: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(url)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * A refusal from the HTTP client. Duck-typed, not instanceof: from a script tag the client is the
 * core script's, whose PassRequestError is another copy of the class than this script's.
 */
export function isRequestError(error: unknown): error is PassRequestError {
  if (error instanceof PassRequestError) return true;
  if (!(error instanceof Error) || error.name !== 'PassRequestError') return false;
  const candidate = error as Partial<PassRequestError>;
  return typeof candidate.statusCode === 'string' && typeof candidate.httpStatus === 'number';
}

function outcomeOf(error: unknown): { status: 'failed'; statusCode: string; statusMessage: string } {
  if (isRequestError(error)) {
    return { status: 'failed', statusCode: error.statusCode, statusMessage: error.statusMessage ?? error.statusCode };
  }
  if (isPraveshError(error)) return { status: 'failed', statusCode: error.code, statusMessage: error.message };
  return { status: 'failed', statusCode: ERRORS.somethingWentWrong.code, statusMessage: 'somethingWentWrong' };
}

const refusedToken = (error: unknown) =>
  isRequestError(error) && (error.statusCode === ERRORS.tokenNotValidated.code || error.httpStatus === 401);

/**
 * Creates the consent client for one contract. Checks at once what spec 000 §5 lets it check at
 * once (the shield client, the contractId); the visit id, shield config and cookies are checked
 * when a call needs them, with the spec's messages.
 */
export function createConsent(pravesh: unknown, config: ConsentConfig = {}, options: ConsentOptions = {}): Consent {
  if (!isClient(pravesh)) throw new PraveshError('puckarShieldConfigRequired');
  const client = pravesh;
  if (!isText(config.contractId)) throw new PraveshError('puckarContractIdRequired');
  const contractId = config.contractId.trim();
  if (!CONTRACT_ID_PATTERN.test(contractId)) throw new PraveshError('badRequest', { detail: 'contractId' });

  const logger = options.logger ?? consoleLogger;
  const now = options.now ?? Date.now;
  const jar = options.cookies ?? documentCookieJar();
  const currentUrl = options.url ?? (() => (typeof location === 'undefined' ? '' : location.href));
  const cookiesEnabled =
    options.cookiesEnabled ?? (() => typeof navigator === 'undefined' || navigator.cookieEnabled !== false);
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  const period: ConsentPeriod = config.period ?? 'day';
  const features = Object.fromEntries(
    CONSENT_FEATURES.map((feature) => [feature, config.features?.[feature] !== false]),
  ) as Record<ConsentFeature, boolean>;
  const cookies: ConsentCookies = consentCookies({
    jar,
    contractId,
    siteId: client.siteId,
    environment: client.environment,
    randomId: options.randomId ?? randomUuid,
    domain: options.cookieDomain,
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });

  let lastChecked: CheckedContract | undefined;
  let openPanel: OpenConsentPanel | undefined = options.openPanel;

  const scriptBase = () => {
    const base = options.scriptBase ?? ownScript;
    if (!base) throw new PraveshError('required', { list: 'scriptBase' });
    return base;
  };

  /** spec 000 §5: "Consent requires contractId, visitId and a shield configuration". */
  async function subject(): Promise<{ visitId: string; visitorId: string; customerId?: string; accessToken?: string }> {
    const record = options.visitor?.records.read();
    const visitId = config.visitId ?? record?.visit;
    if (!isText(visitId)) throw new PraveshError('puckarVisitIdRequired');
    try {
      await client.init();
    } catch (cause) {
      logger.warn('consent: no shield config', cause);
      throw new PraveshError('puckarShieldConfigRequired');
    }
    const visitorId = config.visitorId ?? record?.visitorId ?? visitId;
    const session = options.signOn?.session;
    const customerId = config.customerId ?? session?.customerId;
    const accessToken = config.accessToken ?? session?.accessToken;
    return {
      visitId,
      visitorId,
      ...(isText(customerId) ? { customerId } : {}),
      ...(isText(accessToken) ? { accessToken } : {}),
    };
  }

  const requireCookies = () => {
    if (!cookiesEnabled()) throw new PraveshError('cookieNotEnabled');
  };

  /**
   * A call that speaks for the customer carries the access token in the pass token's sso strategy:
   * sso-authentication-token, which the HTTP client moves into the token (spec 000 §7 request
   * interceptor), as the sign-on client does; the server refuses a customerId without it. A
   * refused token is renewed once through the sign-on client.
   */
  async function post<T>(path: string, body: unknown, accessToken: string | undefined): Promise<T> {
    const send = (token: string | undefined) =>
      client.request<T>('POST', path, {
        body,
        ...(token ? { headers: { 'sso-authentication-token': token } } : {}),
      });
    try {
      return await send(accessToken);
    } catch (error) {
      const signOn = options.signOn;
      if (!accessToken || !signOn?.refreshAccessToken || !refusedToken(error) || config.accessToken !== undefined) {
        throw error;
      }
      return send(await signOn.refreshAccessToken());
    }
  }

  async function check(): Promise<CheckedContract> {
    const who = await subject();
    const known = cookies.version();
    const body: ConsentCheckBody = {
      contractId,
      visitId: who.visitId,
      visitorId: who.visitorId,
      ...(who.customerId ? { customerId: who.customerId } : {}),
      ...(known ? { contractVersionId: known } : {}),
    };
    const response = await post<ConsentCheckResponse>(CONSENT_ROUTES.check, body, who.accessToken);
    const latest = response.contractData.contractVersionId;
    // spec 000 §4: "After a check, the contract version is kept in a cookie named from the contract id."
    if (cookiesEnabled()) cookies.setVersion(latest);
    lastChecked = {
      contractId,
      contractVersionId: latest,
      markup: decodeContractText(response.contractData.contractText),
      alreadyVerified: response.alreadyVerified,
      alreadyResponsed: response.alreadyResponsed,
      isLatestVersion: known === latest,
      response,
    };
    return lastChecked;
  }

  async function isLatestVersion(contractVersionId = cookies.version()): Promise<IsLatestContractVersionResponse> {
    if (!isText(contractVersionId)) throw new PraveshError('required', { list: 'contractVersionId' });
    const who = await subject();
    return post<IsLatestContractVersionResponse>(
      CONSENT_ROUTES.isLatestContractVersion,
      { contractId, contractVersionId },
      who.accessToken,
    );
  }

  async function customerSubject() {
    const who = await subject();
    // spec 000 §5: "Consent is sent only when customerId is a GUID (8-4-4-4-12 hex)."
    if (!who.customerId || !GUID_PATTERN.test(who.customerId)) {
      throw new PraveshError('required', { list: 'customerId' });
    }
    return who as typeof who & { customerId: string };
  }

  async function record(
    userValue: ConsentUserValue,
    consentState: ConsentState,
    contractVersionId?: string,
  ): Promise<UserConsentResponse> {
    requireCookies();
    const who = await customerSubject();
    const version = contractVersionId ?? lastChecked?.contractVersionId ?? (await check()).contractVersionId;
    const body: UserConsentBody = {
      contractId,
      contractVersionId: version,
      cookieId: cookies.cookieId(),
      customerId: who.customerId,
      visitorId: who.visitorId,
      visitId: who.visitId,
      environment: client.environment,
      pageUrl: base64PageUrl(currentUrl()),
      puckarProviderCookieId: cookies.providerCookieId(),
      userValue,
      consentState,
    };
    const response = await post<UserConsentResponse>(CONSENT_ROUTES.userConsent, body, who.accessToken);
    // spec 000 §4 "marked received on success": the version answered and the day it was settled.
    cookies.setVersion(version);
    cookies.setSettledOn(localDate(now()));
    return response;
  }

  /** spec 000 §4, §5: "skipped if recorded as valid" — settled in this period, and still the latest version. */
  async function recordedAsValid(): Promise<string | undefined> {
    const settled = cookies.settledOn();
    const valid = period === 'month' ? isConsentMonthValid(settled, now()) : isConsentDateValid(settled, now());
    const version = cookies.version();
    if (!valid || !version) return undefined;
    try {
      // A version published since then is shown the same day: the light check says whether one was,
      // and whether the customer has withdrawn it since, anywhere (My Account, another site).
      const answer = await isLatestVersion(version);
      return answer.isLatestVersion && answer.withdrawn !== true ? version : undefined;
    } catch (error) {
      logger.warn('consent: the latest-version check failed; checking in full', error);
      return undefined;
    }
  }

  function panelOpener(): OpenConsentPanel {
    openPanel ??= async (request) => (await loadConsentPanel(scriptBase(), options.nonce))(request);
    return openPanel;
  }

  async function show(contract: CheckedContract): Promise<ConsentOutcome> {
    const { contractVersionId } = contract;
    let result: ConsentPanelResult;
    try {
      options.onPanelOpen?.(contract);
      result = await panelOpener()({
        contractId,
        contractVersionId,
        markup: contract.markup,
        accept: async (consentState) => {
          await record('Y', consentState, contractVersionId);
        },
        errorText: new PraveshError('consentPanelError').message,
      });
    } catch (error) {
      return outcomeOf(error);
    }
    switch (result.action) {
      case 'accepted':
        return { status: 'accepted', contractVersionId, consentState: result.consentState };
      case 'declined':
        // spec 000 §4: "cancel sends N".
        try {
          await record('N', result.consentState, contractVersionId);
        } catch (error) {
          return outcomeOf(error);
        }
        return { status: 'declined', contractVersionId, consentState: result.consentState };
      case 'dismissed':
        return { status: 'dismissed', contractVersionId };
    }
  }

  async function run(): Promise<ConsentOutcome> {
    if (!features.TNC_THROUGH_PUCKAR) return { status: 'disabled' };
    requireCookies();
    const who = await subject();
    if (!who.customerId || !GUID_PATTERN.test(who.customerId)) return { status: 'notCustomer' };
    const recorded = await recordedAsValid();
    if (recorded) return { status: 'recorded', contractVersionId: recorded };
    let contract: CheckedContract;
    try {
      contract = await check();
    } catch (error) {
      return outcomeOf(error);
    }
    if (contract.alreadyVerified) {
      cookies.setSettledOn(localDate(now()));
      return { status: 'alreadyVerified', contractVersionId: contract.contractVersionId };
    }
    // Unanswered: the daily flag no longer says "settled", so every page offers it until answered.
    cookies.clearSettled();
    if (!features.SHOW_TNC_BANNER) return { status: 'pending', contract };
    return show(contract);
  }

  async function history(): Promise<ConsentHistoryResponse> {
    const who = await customerSubject();
    return post<ConsentHistoryResponse>(
      CONSENT_ROUTES.history,
      { customerId: who.customerId, format: 'json' },
      who.accessToken,
    );
  }

  async function historyCsv(): Promise<string> {
    const who = await customerSubject();
    let reply: unknown;
    try {
      reply = await post<unknown>(
        CONSENT_ROUTES.history,
        { customerId: who.customerId, format: 'csv' },
        who.accessToken,
      );
    } catch (error) {
      // A CSV answered as text/csv rather than in the JSON envelope.
      if (isRequestError(error) && error.httpStatus === 200 && typeof error.body === 'string') {
        return error.body;
      }
      throw error;
    }
    if (typeof reply === 'string') return reply;
    const csv = (reply as { csv?: unknown } | undefined)?.csv;
    if (typeof csv === 'string') return csv;
    return historyToCsv(reply as ConsentHistoryResponse);
  }

  return {
    contractId,
    run,
    check,
    isLatestVersion,
    accept: (consentState = 2) => record('Y', consentState),
    decline: (consentState = 2) => record('N', consentState),
    async withdraw(reason) {
      requireCookies();
      const who = await customerSubject();
      const body: WithdrawConsentBody = {
        contractId,
        customerId: who.customerId,
        visitorId: who.visitorId,
        visitId: who.visitId,
        pageUrl: base64PageUrl(currentUrl()),
        ...(isText(reason) ? { reason } : {}),
      };
      const response = await post<UserConsentResponse>(CONSENT_ROUTES.withdraw, body, who.accessToken);
      // Withdrawn: nothing is settled any more, so the next run() asks again.
      cookies.clearSettled();
      return response;
    },
    history,
    historyCsv,
    async downloadHistoryCsv(fileName = `consent-history-${contractId}.csv`) {
      const csv = await historyCsv();
      if (!doc) return;
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = doc.createElement('a');
      link.href = url;
      link.download = fileName;
      link.hidden = true;
      doc.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
    async renderContract(elementId = config.elementId) {
      if (!isText(elementId)) throw new PraveshError('puckarElementIdRequired');
      const element = doc?.getElementById(elementId);
      if (!element || !doc) throw new PraveshError('puckarElementNotDeclared');
      const contract = await check();
      const sanitizer: ContractSanitizer = await loadSanitizerScript(scriptBase(), options.nonce);
      element.replaceChildren(sanitizer.sanitizeContract(contract.markup, doc));
      return contract;
    },
  };
}
