import {
  CONSENT_WINDOW,
  PURPOSE_CODES,
  PraveshError,
  aggregatorCustomerId,
  maskAccountNumber,
  type AaConsentStatus,
  type ConsentSummary,
  type FinvuStateId,
} from '@pravesh/core';
import type { FastifyBaseLogger } from 'fastify';
import {
  AggregatorError,
  type AggregatorProvider,
  type ConsentArtefact,
  type ConsentDetail,
} from '../../providers/aggregator/types.ts';
import type { AccountRow, AggregatorStore, ConsentRow } from './store.ts';

/**
 * The aggregator's stored consents and accounts as the service's three parts see them (the consent
 * journey, the fetch worker, the data reads; service.ts): each in step with the AA, each scoped to
 * the asking customer, a handle or account of another customer answering aaNotFound.
 */

export const DAY_MS = 86_400_000;
/**
 * How often a page may ask the AA about a customer's consents: at most once a minute per customer,
 * every consent of theirs (one per "add another bank", and a request still pending) in that one
 * check, shared by every instance through aa_status_checks (migration 0032). Between checks the
 * stored state answers; a revocation at the AA shows within the minute, and our own
 * deActivateUserData and the customer's decision update the state at once.
 */
export const CONSENT_CHECK_INTERVAL_MS = 60_000;
/** Purpose of our consent: 102, customer spending patterns (the insights the banner offers). */
const PURPOSE_CODE = '102' as const;
const FIU_ID = 'KOSH-FIU';

export interface AggregatorServiceOptions {
  store: AggregatorStore;
  provider: AggregatorProvider;
  now: () => number;
  log: FastifyBaseLogger;
  refreshEnabled: boolean;
  /** spec 001 §9 feature switch "statement download from the aggregator". */
  statementEnabled: boolean;
  /**
   * The two test banks of spec 001 §3 (and the development top-bank list they lead) are for the
   * `local` environment only; every shared environment lists real banks, production's top five first.
   */
  testBanks: boolean;
  isCustomersMobile: (customerId: string, mobileNo: string) => Promise<boolean>;
}

export const iso = (at: number) => new Date(at).toISOString();

/**
 * The stored copy of a ConsentDetail: the mobile number of `<mobile>@finvu` and of the MOBILE
 * identifier masked to its last 4 (spec 001 §5), so no table holds it in the clear (the AA keeps it).
 */
export function withoutMobile(detail: ConsentDetail): ConsentDetail {
  const [number, handle] = detail.Customer.id.split('@');
  return {
    ...detail,
    Customer: {
      id: `${maskAccountNumber(number ?? '')}@${handle ?? ''}`,
      Identifiers: detail.Customer.Identifiers.map((identifier) =>
        identifier.type === 'MOBILE' ? { ...identifier, value: maskAccountNumber(identifier.value) } : identifier,
      ),
    },
  };
}

/** When a fetched account's data stands: the bank's balance time, else when we stored it. */
export const dataAsOf = (account: AccountRow & { fetchedAt: Date }) => account.balanceDateTime ?? account.fetchedAt;

/** The AA's failures as catalogue errors: the AA down or slow is spec 001 §8's aggregator page error. */
function mapAggregatorError(error: unknown): never {
  if (error instanceof AggregatorError) {
    switch (error.kind) {
      case 'otpIncorrect':
        throw new PraveshError('otpIncorrect');
      case 'otpExpired':
        throw new PraveshError('otpIncorrectOnResend');
      case 'notFound':
        throw new PraveshError('aaNotFound');
      case 'invalidState':
        throw new PraveshError('aaStepNotAllowed');
      case 'consentNotActive':
        throw new PraveshError('aaConsentNotActive');
      case 'frequencyExceeded':
      case 'unavailable':
      case 'timeout':
        throw new PraveshError('aggregatorPageError');
    }
  }
  throw error;
}

export async function aa<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    return mapAggregatorError(error);
  }
}

/**
 * The consent we ask FINVU for (spec 001 §9 consent window): STORE, PERIODIC, the
 * deposit accounts' profile, summary and transactions, purpose 102, valid startDays from `start`,
 * data endDays back, at most one fetch an hour.
 */
export function consentDetailFor(mobileNo: string, start: number): ConsentDetail {
  return {
    consentStart: iso(start),
    consentExpiry: iso(start + CONSENT_WINDOW.startDays * DAY_MS),
    consentMode: 'STORE',
    fetchType: 'PERIODIC',
    consentTypes: ['PROFILE', 'SUMMARY', 'TRANSACTIONS'],
    fiTypes: ['DEPOSIT'],
    DataConsumer: { id: FIU_ID, type: 'FIU' },
    Customer: { id: aggregatorCustomerId(mobileNo), Identifiers: [{ type: 'MOBILE', value: mobileNo }] },
    Purpose: {
      code: PURPOSE_CODE,
      refUri: 'https://api.rebit.org.in/aa/purpose/102.xml',
      text: PURPOSE_CODES[PURPOSE_CODE],
      Category: { type: 'string' },
    },
    FIDataRange: { from: iso(start - CONSENT_WINDOW.endDays * DAY_MS), to: iso(start) },
    DataLife: { unit: 'MONTH', value: 1 },
    // ReBIT: no more than once an hour.
    Frequency: { unit: 'HOUR', value: 1 },
  };
}

/** The stored consents and accounts of one service, read in step with the AA. */
export function createConsentRecords(options: AggregatorServiceOptions) {
  const { store, provider, now, log } = options;

  function summary(row: ConsentRow): ConsentSummary {
    return {
      consentHandle: row.consentHandle,
      consentRequestStatus: row.requestStatus as ConsentSummary['consentRequestStatus'],
      consentId: row.consentId,
      consentStatus: (row.consentStatus as AaConsentStatus | null) ?? null,
      templateId: row.templateId,
      source: row.source as ConsentSummary['source'],
      ConsentDetail: row.detail as ConsentSummary['ConsentDetail'],
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** Whether the AA can still change the stored state: a request not answered, or a consent not ended. */
  function mayChangeAtAa(row: ConsentRow): boolean {
    if (row.consentId === null) return row.requestStatus === 'PENDING';
    return row.consentStatus !== 'REVOKED' && row.consentStatus !== 'EXPIRED';
  }

  /**
   * An approved request taken up: its consent stored and, the first time only, the approval
   * audited and the first fetch queued (the fetch worker's ticker and the customer's polls run it).
   * `moveJourney`: the customer's journey goes to CONSENT_GIVEN on this request.
   */
  async function takeUpApproval(
    row: ConsentRow,
    requestStatus: ConsentRow['requestStatus'],
    artefact: ConsentArtefact,
    at: Date,
    moveJourney: boolean,
  ): Promise<ConsentRow> {
    const adopted = await store.adoptConsent(
      row.consentHandle,
      { requestStatus, consentId: artefact.consentId, consentStatus: artefact.status },
      at,
    );
    if (moveJourney) {
      await store.setJourney(row.customerId, { stateId: 'CONSENT_GIVEN', consentHandle: row.consentHandle }, at);
    }
    if (adopted) {
      await store.audit(
        row.customerId,
        'CONSENT_GIVEN',
        artefact.consentId,
        { fipIds: [...new Set(artefact.accounts.map((account) => account.fipId))] },
        at,
      );
      await store.enqueueJob(row.customerId, artefact.consentId, at);
    }
    return { ...row, requestStatus, consentId: artefact.consentId, consentStatus: artefact.status };
  }

  /**
   * One consent as the AA has it now (the customer may approve or reject a request, and pause or
   * revoke a consent, in the AA's own app; a consent expires by time), stored when it changed. A
   * request approved in the AA's app is taken up as an approval on our page is (ReBIT: the handle's
   * status names the consent once approved), so its data is fetched; the journey moves on only when
   * the customer is still on that request. A failing AA leaves the stored state: a read never fails
   * for it.
   */
  async function askAa(row: ConsentRow, at: Date): Promise<ConsentRow> {
    try {
      if (row.consentId === null) {
        const status = await provider.consentHandleStatus(row.consentHandle);
        if (status.consentId !== null) {
          const artefact = await provider.fetchConsent(status.consentId);
          const journey = await store.journeyOf(row.customerId);
          return await takeUpApproval(row, status.status, artefact, at, journey?.consentHandle === row.consentHandle);
        }
        if (status.status === row.requestStatus) return row;
        await store.updateConsent(row.consentHandle, { requestStatus: status.status }, at);
        return { ...row, requestStatus: status.status };
      }
      const artefact = await provider.fetchConsent(row.consentId);
      if (artefact.status === row.consentStatus) return row;
      await store.updateConsent(row.consentHandle, { consentStatus: artefact.status }, at);
      if (artefact.status === 'REVOKED') {
        // Withdrawn in the AA's app: what we fetched under it is erased (store eraseConsentData).
        const accounts = await store.eraseConsentData(row.consentHandle);
        await store.audit(row.customerId, 'CONSENT_REVOKED_DATA_ERASED', row.consentId, { accounts }, at);
      }
      return { ...row, consentStatus: artefact.status };
    } catch (error) {
      log.warn({ err: error instanceof Error ? error.message : 'aggregator error' }, 'aggregator consent sync failed');
      return row;
    }
  }

  /**
   * The customer's consents, newest first, in step with the AA: at most once per
   * CONSENT_CHECK_INTERVAL_MS per customer, the one read that takes the turn asks about each of
   * their consents the AA can still change (side by side), every other read answers from the store.
   * A customer with nothing the AA can change takes no turn (no write on their reads).
   */
  async function consentsInStep(customerId: string): Promise<ConsentRow[]> {
    const rows = await store.consentsOf(customerId);
    if (!rows.some(mayChangeAtAa)) return rows;
    const at = new Date(now());
    if (!(await store.claimStatusCheck(customerId, at, new Date(at.getTime() - CONSENT_CHECK_INTERVAL_MS)))) {
      return rows;
    }
    return Promise.all(rows.map((row) => (mayChangeAtAa(row) ? askAa(row, at) : Promise.resolve(row))));
  }

  /** The customer's newest approved consent (the one the data comes from), in step with the AA. */
  async function currentConsent(customerId: string): Promise<ConsentRow | undefined> {
    return (await consentsInStep(customerId)).find((row) => row.consentId !== null);
  }

  async function ownConsent(customerId: string, consentHandle: string): Promise<ConsentRow> {
    const row = await store.consentOf(customerId, consentHandle);
    if (!row) throw new PraveshError('aaNotFound');
    return row;
  }

  async function stateOf(customerId: string): Promise<FinvuStateId> {
    return ((await store.journeyOf(customerId))?.stateId as FinvuStateId | undefined) ?? 'NO_USER_STATE_PRESENT';
  }

  /**
   * One of the customer's linked accounts whose data we may still show (transactions, statement,
   * insights): an account deActivateUserData deleted is aaDataDeleted, another customer's or an
   * unknown one aaNotFound; a consent never approved or revoked at the AA is aaConsentNotActive (its
   * data is no longer ours to show: ReBIT AA consent revocation ends the FIU's use of the data). An
   * expired consent's data is still shown: the customer sees what was fetched while it was valid.
   */
  async function consentedAccount(customerId: string, accountId: string): Promise<AccountRow> {
    const account = await store.accountOf(customerId, accountId);
    if (!account) {
      throw new PraveshError((await store.wasDeleted(customerId, accountId)) ? 'aaDataDeleted' : 'aaNotFound');
    }
    const consent = (await consentsInStep(customerId)).find((row) => row.consentHandle === account.consentHandle);
    const status = consent?.consentStatus ?? null;
    if (status === null || status === 'REVOKED') throw new PraveshError('aaConsentNotActive');
    return account;
  }

  /** A consented account (above) that has been fetched; one not fetched yet is aaDataNotReady. */
  async function readableAccount(customerId: string, accountId: string): Promise<AccountRow & { fetchedAt: Date }> {
    const account = await consentedAccount(customerId, accountId);
    if (account.fetchedAt === null) throw new PraveshError('aaDataNotReady');
    return account as AccountRow & { fetchedAt: Date };
  }

  return {
    summary,
    consentsInStep,
    currentConsent,
    ownConsent,
    stateOf,
    consentedAccount,
    readableAccount,
    takeUpApproval,
  };
}

export type ConsentRecords = ReturnType<typeof createConsentRecords>;
