import { createHmac, randomUUID } from 'node:crypto';
import {
  DATA_RIGHTS_CONTRACT_ID,
  CONSENT_STATE_CONFIRMED,
  PraveshError,
  hasUnstorableText,
  historyToCsv,
  type ByteBuffer,
  type ConsentCheckBody,
  type ConsentCheckResponse,
  type ConsentEntry,
  type ConsentHistoryResponse,
  type ConsentStatus,
  type IsLatestContractVersionBody,
  type IsLatestContractVersionResponse,
  type UserConsentBody,
  type UserConsentResponse,
  type WithdrawConsentBody,
} from '@pravesh/core';
import { createBatcher } from '../../lib/batcher.ts';
import type { GenerationCounter } from '../../lib/generations.ts';
import { createKeptReads, type CountLookup } from '../../lib/kept-reads.ts';
import type { CheckAnswer, ConsentStore, ContractVersionRow, LedgerRow, NewLedgerEntry } from './store.ts';
import { createContractVersionCache } from './version-cache.ts';

/** Where a request came from, as the routes verified it (pass token, connection, headers). */
export interface RequestContext {
  siteId: number;
  ip: string | undefined;
  userAgent: string | undefined;
}

export interface ConsentServiceOptions {
  store: ConsentStore;
  /** PRAVESH_PII_HASH_KEY: IP and user agent are kept only as HMACs under it. */
  piiHashKey: string;
  now?: () => number;
  /** How long a contract's latest version is answered from memory (version-cache.ts). */
  versionTtlMs?: number;
  /**
   * The "consent-ledger" change counter (deps.generations, lib/generations.ts): every entry this
   * service appends bumps it, and puckar/check answers a subject's entries from memory only while it
   * has not moved, on this instance or any other. Without it every check reads the ledger.
   */
  ledgerChanges?: GenerationCounter | undefined;
  /** Told whether each subject's ledger read was answered from memory (metrics). */
  countLookup?: CountLookup | undefined;
}

/** The change counter of the consent ledger (lib/generations.ts). */
export const CONSENT_LEDGER_COUNTER = 'consent-ledger';

/**
 * Most (subject, contract) answers a check keeps in memory, and most bytes they may hold
 * (lib/kept-reads.ts estimates about 300 a subject with an answer or two); the oldest go first.
 */
const MAX_CACHED_ANSWERS = 100_000;
const MAX_CACHED_ANSWER_BYTES = 16 * 1024 * 1024;

export interface ConsentCheckResult {
  response: ConsentCheckResponse;
  /** spec 000 §3 "Consent check response" lists isLatestVersion beside response, not inside it. */
  isLatestVersion: boolean;
}

/** customerId is a GUID whatever its case; one customer is one subject. */
const customerKey = (customerId: string) => customerId.toLowerCase();

/** Who a decision speaks for: the signed-in customer, else the browser's visitor id. */
export function subjectOf(customerId: string | null | undefined, visitorId: string): string {
  return customerId ? `c:${customerKey(customerId)}` : `v:${visitorId}`;
}

/** The current state is the latest entry (the state is derived from the ledger). */
export function statusOf(latest: LedgerRow | undefined): ConsentStatus {
  if (!latest) return 'none';
  if (latest.action === 'withdraw') return 'withdrawn';
  return latest.userValue === 'Y' ? 'accepted' : 'declined';
}

export function toEntry(row: LedgerRow): ConsentEntry {
  return {
    entryId: row.entryId,
    contractId: row.contractId,
    contractVersionId: String(row.contractVersion),
    action: row.action as ConsentEntry['action'],
    userValue: row.userValue as ConsentEntry['userValue'],
    consentState: row.consentState,
    customerId: row.customerId,
    visitorId: row.visitorId,
    visitId: row.visitId,
    siteId: row.siteId,
    pageUrl: row.pageUrl,
    recordedAt: row.recordedAt.toISOString(),
    ipHash: row.ipHash,
    userAgentHash: row.userAgentHash,
  };
}

/** spec 000 §3: pageUrl is btoa(location.href); it is stored decoded, and refused if it cannot be text. */
function decodePageUrl(base64: string | null | undefined): string | null {
  if (!base64) return null;
  const text = Buffer.from(base64, 'base64').toString('utf8');
  if (hasUnstorableText(text)) {
    throw new PraveshError('badRequest', { detail: 'pageUrl: must be the base64 of a page address' });
  }
  return text;
}

export function createConsentService(options: ConsentServiceOptions) {
  const { store, piiHashKey } = options;
  const now = options.now ?? Date.now;
  const hash = (kind: string, value: string | undefined) =>
    value ? createHmac('sha256', piiHashKey).update(`${kind}\u0000${value}`).digest('hex') : null;

  // A published version never changes (the database refuses it), so its bytes are cached for good.
  const textCache = new Map<string, ByteBuffer>();
  function contractText(version: ContractVersionRow): ByteBuffer {
    const key = `${version.contractId}\u0000${version.version}`;
    let text = textCache.get(key);
    if (!text) {
      text = { type: 'Buffer', data: [...Buffer.from(version.markup, 'utf8')] };
      if (textCache.size >= 1000) textCache.clear();
      textCache.set(key, text);
    }
    return text;
  }

  // The read path of puckar/check: the latest version from memory for a second at
  // most (version-cache.ts), and the subject's answers read for every check that arrives together
  // in one statement. The batch gathers for the rest of the event-loop turn: PGlite runs a query on
  // the event loop itself, so with no wait every check found the database free, went alone, and
  // blocked the next one from arriving (3000 checks made 3000 reads, ~75 checks/s); gathering a turn
  // turns them into a few dozen reads.
  const versions = createContractVersionCache({
    load: (contractId) => store.latestVersion(contractId),
    now,
    ttlMs: options.versionTtlMs,
  });
  const answerReads = createBatcher<{ subject: string; contractId: string }, CheckAnswer[]>({
    flush: (pairs) => store.answersOf(pairs),
    maxBatchSize: 200,
    maxWaitMs: 'turn',
    maxConcurrentFlushes: 2,
  });

  // A subject's entries, kept until the ledger changes anywhere (the ledger read was
  // most of puckar/check's cost, and a visitor's panel checks on every page while answers are rare).
  // Tagged with the generation read before the ledger read, so an entry appended meanwhile, here or
  // on another instance, makes the answer stale rather than hidden (lib/generations.ts).
  const ledgerChanges = options.ledgerChanges;
  const knownAnswers = createKeptReads<CheckAnswer[]>({
    maxEntries: MAX_CACHED_ANSWERS,
    maxBytes: MAX_CACHED_ANSWER_BYTES,
    countLookup: options.countLookup,
  });
  function answersOf(subject: string, contractId: string): Promise<CheckAnswer[]> {
    return knownAnswers.read(`${subject}\u0000${contractId}`, ledgerChanges, () =>
      answerReads.add({ subject, contractId }),
    );
  }

  /** After an entry is appended (committed) and before its request answers: every instance's checks read again. */
  async function ledgerChanged(appended: boolean): Promise<void> {
    if (!appended) return;
    knownAnswers.clear();
    await ledgerChanges?.bump();
  }

  async function latestVersionOf(contractId: string): Promise<ContractVersionRow> {
    const latest = await store.latestVersion(contractId);
    // A contract without a published version has nothing to show or accept: the same as none.
    if (!latest) throw new PraveshError('contractNotFound');
    return latest;
  }

  function entryBase(ctx: RequestContext, at: Date) {
    return {
      entryId: randomUUID(),
      siteId: ctx.siteId,
      recordedAt: at,
      ipHash: hash('ip', ctx.ip),
      userAgentHash: hash('ua', ctx.userAgent),
    };
  }

  return {
    /** Forget the cached latest version of a contract: this instance has just published one. */
    versionPublished(contractId: string): void {
      versions.invalidate(contractId);
    },

    /** POST puckar/check (spec 000 §3 "Consent check response", §4 "Consent"). Reads only. */
    async check(body: ConsentCheckBody): Promise<ConsentCheckResult> {
      const subject = subjectOf(body.customerId, body.visitorId);
      const [latest, answers] = await Promise.all([
        versions.latest(body.contractId),
        answersOf(subject, body.contractId),
      ]);
      // A contract without a published version has nothing to show or accept: the same as none.
      if (!latest) throw new PraveshError('contractNotFound');
      const last = answers[0];
      const onLatest = last !== undefined && last.action === 'respond' && last.version === latest.version;
      const alreadyVerified = onLatest && last.userValue === 'Y';
      const answered = [
        ...new Set(answers.filter((answer) => answer.action === 'respond').map((answer) => answer.version)),
      ].sort((a, b) => b - a);
      const latestId = String(latest.version);
      return {
        response: {
          alreadyVerified,
          alreadyResponsed: onLatest,
          contractData: {
            contractId: body.contractId,
            contractVersionId: latestId,
            contractText: contractText(latest),
          },
          respPayload: answered.map((version) => ({ contractId: body.contractId, contractVersionId: String(version) })),
        },
        // The version in the visitor's cookie when sent (spec 000 §4), else the one the subject accepted.
        isLatestVersion: body.contractVersionId != null ? body.contractVersionId === latestId : alreadyVerified,
      };
    },

    /**
     * POST puckar/userconsent: appends the decision. Idempotent without a client key: the payload
     * of spec 000 §3 has none, and the SDK resends the same body when a send fails. So a body equal
     * to the subject's latest entry for the contract (same version, value, consentState, visitor
     * and visit) is answered with that entry, not appended again. Deciding on the latest entry
     * (under a lock) rather than a time window means a real change of mind is always recorded and a
     * retry never is, however late it arrives.
     */
    async respond(body: UserConsentBody, ctx: RequestContext): Promise<UserConsentResponse> {
      const version = Number(body.contractVersionId);
      const published = await store.version(body.contractId, version);
      if (!published) {
        throw new PraveshError(
          (await store.contract(body.contractId)) ? 'contractVersionNotFound' : 'contractNotFound',
        );
      }
      const pageUrl = decodePageUrl(body.pageUrl);
      const customerId = body.customerId ? customerKey(body.customerId) : null;
      const subject = subjectOf(customerId, body.visitorId);
      const consentState = body.consentState;
      const { entry, appended } = await store.append(subject, body.contractId, (latest) => {
        if (
          latest &&
          latest.action === 'respond' &&
          latest.contractVersion === version &&
          latest.userValue === body.userValue &&
          latest.consentState === consentState &&
          latest.visitorId === body.visitorId &&
          latest.visitId === body.visitId
        ) {
          return { existing: latest };
        }
        const at = new Date(now());
        const append: NewLedgerEntry = {
          ...entryBase(ctx, at),
          subject,
          contractId: body.contractId,
          contractVersion: version,
          action: 'respond',
          userValue: body.userValue,
          consentState,
          customerId,
          visitorId: body.visitorId,
          visitId: body.visitId,
          pageUrl,
          cookieId: body.cookieId ?? null,
          providerCookieId: body.puckarProviderCookieId ?? null,
          environment: body.environment ?? null,
        };
        return {
          append,
          received:
            body.userValue === 'Y'
              ? { kind: 'accepted', visitorId: body.visitorId, siteId: ctx.siteId, customerId, at }
              : { kind: 'cleared', visitorId: body.visitorId, customerId },
        };
      });
      await ledgerChanged(appended);
      return { entry: toEntry(entry), status: statusOf(entry) };
    },

    /**
     * POST puckar/withdraw: a new entry (action withdraw, userValue N) for the version the customer
     * accepted — as easy as giving consent (DPDP Act 2023 §6(4)). Withdrawing again answers the
     * first withdrawal; with nothing accepted there is nothing to withdraw (consentNotGiven).
     */
    async withdraw(body: WithdrawConsentBody, ctx: RequestContext): Promise<UserConsentResponse> {
      await latestVersionOf(body.contractId);
      const pageUrl = decodePageUrl(body.pageUrl);
      const customerId = customerKey(body.customerId);
      const subject = subjectOf(customerId, body.visitorId);
      const { entry, appended } = await store.append(subject, body.contractId, (latest) => {
        if (latest?.action === 'withdraw') return { existing: latest };
        if (!latest || latest.userValue !== 'Y') throw new PraveshError('consentNotGiven');
        const at = new Date(now());
        return {
          append: {
            ...entryBase(ctx, at),
            subject,
            contractId: body.contractId,
            contractVersion: latest.contractVersion,
            action: 'withdraw',
            userValue: 'N',
            // An explicit act of the customer, like a click on Accept (spec 000 §4).
            consentState: CONSENT_STATE_CONFIRMED,
            customerId,
            visitorId: body.visitorId,
            visitId: body.visitId ?? null,
            pageUrl,
            reason: body.reason ?? null,
          },
          received: { kind: 'cleared', visitorId: body.visitorId, customerId },
        };
      });
      await ledgerChanged(appended);
      return { entry: toEntry(entry), status: statusOf(entry) };
    },

    /**
     * POST puckar/islatestcontractversion: the read path, from the version cache as the check. With
     * the customer of the call's access token, also whether their latest answer is a withdrawal
     * (their answers read in the check's batches), so a withdrawal made elsewhere is seen, and
     * whether it answers the latest version at all.
     */
    async isLatest(
      body: IsLatestContractVersionBody,
      customerId?: string | null,
    ): Promise<IsLatestContractVersionResponse> {
      const [latest, answers] = await Promise.all([
        versions.latest(body.contractId),
        customerId ? answerReads.add({ subject: subjectOf(customerId, ''), contractId: body.contractId }) : undefined,
      ]);
      if (!latest) throw new PraveshError('contractNotFound');
      const latestContractVersionId = String(latest.version);
      const answer = { isLatestVersion: body.contractVersionId === latestContractVersionId, latestContractVersionId };
      if (!answers) return answer;
      const last = answers[0];
      return {
        ...answer,
        withdrawn: last?.action === 'withdraw',
        answered: last?.action === 'respond' && last.version === latest.version,
      };
    },

    /**
     * POST puckar/history: every consent entry of the customer, oldest first, and the state per
     * contract. The ledger also keeps the customer's data-rights steps under their subject
     * (DATA_RIGHTS_CONTRACT_ID, modules/data-rights): those are requests, not consents, and have
     * their own screens; listed here they broke the answer's shape (a 500) and the CSV showed the
     * request as an accepted contract.
     */
    async history(customerId: string): Promise<ConsentHistoryResponse> {
      const key = customerKey(customerId);
      const rows = (await store.subjectEntries(subjectOf(key, ''))).filter(
        (row) => row.contractId !== DATA_RIGHTS_CONTRACT_ID,
      );
      const latestByContract = new Map<string, LedgerRow>();
      for (const row of rows) latestByContract.set(row.contractId, row);
      return {
        customerId: key,
        current: [...latestByContract.values()]
          .sort((a, b) => a.contractId.localeCompare(b.contractId))
          .map((row) => ({
            contractId: row.contractId,
            contractVersionId: String(row.contractVersion),
            status: statusOf(row),
          })),
        entries: rows.map(toEntry),
      };
    },

    historyCsv(history: ConsentHistoryResponse): string {
      return historyToCsv(history);
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
