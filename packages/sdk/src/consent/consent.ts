import {
  CONSENT_FEATURES,
  CONSENT_ROUTES,
  CONTRACT_ID_PATTERN,
  GUID_PATTERN,
  PraveshError,
  type ConsentCheckBody,
  type ConsentCheckResponse,
  type ConsentFeature,
  type ConsentState,
  type ConsentUserValue,
  type IsLatestContractVersionResponse,
  type UserConsentBody,
  type UserConsentResponse,
  type WithdrawConsentBody,
} from '@pravesh/core';
import { randomUuid } from '../analytics.ts';
import type { Logger } from '../cookie-purge.ts';
import { documentCookieJar } from '../cookies.ts';
import type { ConsentPeriod } from './constants.ts';
import { createConsentCaller } from './consent-caller.ts';
import { consentCookies, type ConsentCookies } from './consent-cookies.ts';
import { createConsentHistory } from './consent-history.ts';
import { isConsentDateValid, isConsentMonthValid, localDate } from './dates.ts';
import {
  loadConsentPanel,
  loadSanitizerScript,
  type ContractSanitizer,
  type ConsentPanelResult,
  type OpenConsentPanel,
} from './panel.ts';
import type { CheckedContract, Consent, ConsentConfig, ConsentOptions, ConsentOutcome } from './types.ts';
import { base64PageUrl, decodeContractText, isClient, isText, outcomeOf } from './wire.ts';

export type * from './types.ts';
export { base64PageUrl, decodeContractText, isRequestError } from './wire.ts';

/**
 * The consent ("puckar") client of spec 000: §3 consent payloads and the consent config, §4
 * "Consent", §5 consent rules, §7 puckar calls, §8 messages, §9 cookies. Plain TypeScript; the
 * panel is a React widget loaded only when a contract must be shown. Its parts: the types
 * (types.ts), who is asking and how a call is sent (consent-caller.ts), the history
 * (consent-history.ts), and the small rules about values and answers (wire.ts).
 */

/** The consent script's own address: the widgets/ folder sits beside it. */
const ownScript =
  typeof document !== 'undefined' && document.currentScript instanceof HTMLScriptElement
    ? document.currentScript.src
    : undefined;

const consoleLogger: Logger = { warn: (message, detail) => console.warn(`[pravesh] ${message}`, detail) };

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

  const caller = createConsentCaller(client, config, options, logger);
  const { subject, customerSubject, post } = caller;
  const { history, historyCsv, downloadHistoryCsv } = createConsentHistory(caller, contractId, doc);

  const scriptBase = () => {
    const base = options.scriptBase ?? ownScript;
    if (!base) throw new PraveshError('required', { list: 'scriptBase' });
    return base;
  };

  const requireCookies = () => {
    if (!cookiesEnabled()) throw new PraveshError('cookieNotEnabled');
  };

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
      // whether the customer has withdrawn it since, anywhere (My Account, another site), and
      // whether this customer answered it at all: the day's cookies are the browser's, so another
      // person signed in on it, or a contract never answered here, is checked in full.
      const answer = await isLatestVersion(version);
      return answer.isLatestVersion && answer.withdrawn !== true && answer.answered !== false ? version : undefined;
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
    downloadHistoryCsv,
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
