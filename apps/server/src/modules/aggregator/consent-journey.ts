import {
  AGGREGATOR_BANKS,
  AGGREGATOR_NAME,
  CONSENT_WINDOW,
  EIGHT_DIGIT_OTP_FIPS,
  POPULAR_BANK_FIPS,
  PraveshError,
  TOP_BANK_FIPS,
  TOP_BANK_FIPS_DEVELOPMENT,
  aggregatorCustomerId,
  type AaConsentStatus,
  type ConsentSummary,
  type CreateConsentResponse,
  type DecideResponse,
  type DeactivateResponse,
  type DiscoverResponse,
  type FinvuStateId,
  type DepositAccountType,
  type GetStateResponse,
  type JourneyInitiateResponse,
} from '@pravesh/core';
import {
  aa,
  consentDetailFor,
  withoutMobile,
  type AggregatorServiceOptions,
  type ConsentRecords,
} from './consent-records.ts';
import type { FetchWorker } from './fetch-worker.ts';

/**
 * The consent journey of spec 001 §4: banks, the consent request, discovery and
 * linking of accounts, the customer's decision, and deactivation, which revokes the consent and
 * deletes the data. The journey's state (spec 001 §4's seven ids) is stored per customer.
 */
export function createConsentJourney(options: AggregatorServiceOptions, records: ConsentRecords, worker: FetchWorker) {
  const { store, provider, now } = options;
  const { summary, consentsInStep, currentConsent, ownConsent, stateOf, takeUpApproval } = records;
  const { advance } = worker;

  /**
   * Where the journey stands, with what a customer who left mid-way needs to come back to the step
   * they left (core resumeStepOf): the consent request (the customer's own; its stored copy shows
   * the mobile number masked), the bank, and the accounts linked under that request.
   */
  async function getState(customerId: string): Promise<GetStateResponse> {
    const row = await store.journeyOf(customerId);
    const consentRow = row?.consentHandle ? await store.consentOf(customerId, row.consentHandle) : undefined;
    const linked = consentRow ? await store.accountsUnder(customerId, consentRow.consentHandle) : [];
    return {
      stateId: (row?.stateId as FinvuStateId | undefined) ?? 'NO_USER_STATE_PRESENT',
      consentHandle: row?.consentHandle ?? null,
      updatedAt: row?.updatedAt.toISOString() ?? null,
      fipId: row?.fipId ?? null,
      consent: consentRow ? summary(consentRow) : null,
      linked: linked.map((account) => ({
        accRefNumber: account.linkRefNumber,
        maskedAccNumber: account.maskedAccNumber,
        accType: account.accType as DepositAccountType,
        fiType: 'DEPOSIT' as const,
      })),
    };
  }

  return {
    async initiate(customerId: string): Promise<JourneyInitiateResponse> {
      return {
        aggregator: AGGREGATOR_NAME,
        stateId: await stateOf(customerId),
        consentWindow: { ...CONSENT_WINDOW },
        banks: AGGREGATOR_BANKS.filter((bank) => options.testBanks || !bank.test).map(
          ({ id, bankId, bankName, icon, logo }) => ({
            id,
            bankId,
            bankName,
            icon,
            logo,
          }),
        ),
        topBanks: [...(options.testBanks ? TOP_BANK_FIPS_DEVELOPMENT : TOP_BANK_FIPS)],
        popularBanks: [...POPULAR_BANK_FIPS],
        eightDigitOtpBanks: [...EIGHT_DIGIT_OTP_FIPS],
      };
    },

    async createConsent(
      customerId: string,
      mobileNo: string,
      source: 'pl' | 'myaccount',
      addAnotherBank = false,
    ): Promise<CreateConsentResponse> {
      if (!(await options.isCustomersMobile(customerId, mobileNo))) throw new PraveshError('aaMobileMismatch');
      const at = new Date(now());
      const current = await currentConsent(customerId);
      if (!addAnotherBank && current && (current.consentStatus === 'ACTIVE' || current.consentStatus === 'PAUSED')) {
        await store.setJourney(
          customerId,
          { stateId: 'CONSENT_ALREADY_GIVEN', consentHandle: current.consentHandle },
          at,
        );
        return {
          stateId: 'CONSENT_ALREADY_GIVEN',
          aaCustomerId: aggregatorCustomerId(mobileNo),
          consent: summary(current),
        };
      }
      const detail = consentDetailFor(mobileNo, now());
      const { consentHandle } = await aa(provider.requestConsent(detail));
      const row = await store.insertConsent({
        consentHandle,
        customerId,
        source,
        templateId: CONSENT_WINDOW.templateId,
        detail: withoutMobile(detail),
        at,
      });
      // The verified mobile number is the customer's AA login (spec 001 §4 AA_LOGIN).
      await store.setJourney(
        customerId,
        { stateId: 'AA_LOGIN', consentHandle, pendingLinkRef: null, pendingLinkHandle: null, fipId: null },
        at,
      );
      // The customer sees their own artefact whole; the stored copy keeps the number masked.
      return {
        stateId: 'AA_LOGIN',
        aaCustomerId: aggregatorCustomerId(mobileNo),
        consent: summary({ ...row, detail }),
      };
    },

    async userApplication(customerId: string): Promise<{ consents: ConsentSummary[] }> {
      return { consents: (await consentsInStep(customerId)).map(summary) };
    },

    getState,

    /**
     * The journey reports each step it reaches (spec 001 §7 consent/stateCapture, §4's seven ids),
     * so a customer who leaves comes back there; a handle must be the customer's (aaNotFound).
     */
    async stateCapture(
      customerId: string,
      stateId: FinvuStateId,
      consentHandle: string | undefined,
      fipId?: string,
    ): Promise<GetStateResponse> {
      if (consentHandle !== undefined) await ownConsent(customerId, consentHandle);
      const at = new Date(now());
      await store.setJourney(
        customerId,
        { stateId, ...(consentHandle ? { consentHandle } : {}), ...(fipId ? { fipId } : {}) },
        at,
      );
      return getState(customerId);
    },

    async discover(customerId: string, consentHandle: string, fipId: string): Promise<DiscoverResponse> {
      await ownConsent(customerId, consentHandle);
      const accounts = await aa(provider.discoverAccounts(consentHandle, fipId));
      const stateId: FinvuStateId = accounts.length > 0 ? 'ACCOUNT_DISCOVERED' : 'ACCOUNT_CHECKED_NOT_DISCOVERED';
      await store.setJourney(customerId, { stateId, consentHandle, fipId }, new Date(now()));
      return { stateId, fipId, accounts: [...accounts] };
    },

    async link(customerId: string, consentHandle: string, fipId: string, accRefNumbers: readonly string[]) {
      await ownConsent(customerId, consentHandle);
      const started = await aa(provider.linkAccounts(consentHandle, fipId, accRefNumbers));
      await store.setJourney(
        customerId,
        { pendingLinkRef: started.refNumber, pendingLinkHandle: consentHandle },
        new Date(now()),
      );
      return started;
    },

    async confirmLink(
      customerId: string,
      refNumber: string,
      otp: string,
    ): Promise<DiscoverResponse & { stateId: FinvuStateId }> {
      const journey = await store.journeyOf(customerId);
      if (!journey || journey.pendingLinkRef !== refNumber || !journey.pendingLinkHandle)
        throw new PraveshError('aaNotFound');
      const consentHandle = journey.pendingLinkHandle;
      const linked = await aa(provider.confirmLink(refNumber, otp));
      const at = new Date(now());
      await store.insertAccounts(customerId, consentHandle, linked, at);
      await store.setJourney(
        customerId,
        { stateId: 'ACCOUNT_LINKED', pendingLinkRef: null, pendingLinkHandle: null },
        at,
      );
      return {
        stateId: 'ACCOUNT_LINKED',
        fipId: linked[0]?.fipId ?? '',
        accounts: linked.map((account) => ({
          accRefNumber: account.linkRefNumber,
          maskedAccNumber: account.maskedAccNumber,
          accType: account.accType,
          fiType: 'DEPOSIT' as const,
        })),
      };
    },

    /** Approve: the artefact is fetched (request APPROVED, consent ACTIVE) and the first fetch queued. */
    async decide(customerId: string, consentHandle: string, decision: 'APPROVE' | 'REJECT'): Promise<DecideResponse> {
      const row = await ownConsent(customerId, consentHandle);
      const decided = await aa(provider.decideConsent(consentHandle, decision));
      const at = new Date(now());
      if (decision === 'REJECT' || decided.consentId === null) {
        await store.updateConsent(consentHandle, { requestStatus: decided.status }, at);
        return {
          stateId: await stateOf(customerId),
          consentRequestStatus: decided.status,
          consentStatus: null,
          verificationStatus: 'FAILED',
        };
      }
      const artefact = await aa(provider.fetchConsent(decided.consentId));
      const requestStatus = (await aa(provider.consentHandleStatus(consentHandle))).status;
      await takeUpApproval(row, requestStatus, artefact, at, true);
      await advance(customerId);
      return {
        stateId: 'CONSENT_GIVEN',
        consentRequestStatus: requestStatus,
        consentStatus: artefact.status,
        verificationStatus: 'VERIFIED',
      };
    },

    /** Revokes at the AA first (nothing is deleted if that fails), then deletes the data, keeping an audit entry. */
    /**
     * `whenAaFails`: the customer's own deActivateUserData is refused while the aggregator cannot
     * revoke (nothing is deleted: they may try again). An erasure (DPDP Act §12) does not wait for
     * a third party: our copy of the data goes now, and a consent the aggregator could not revoke
     * is audited as such and logged for the operator to revoke at the aggregator (it lapses at its
     * expiry in any case). An erasure stopped half way left an account signed in but emptied.
     */
    async deactivate(
      customerId: string,
      { whenAaFails = 'refuse' }: { whenAaFails?: 'refuse' | 'eraseAnyway' } = {},
    ): Promise<DeactivateResponse> {
      const rows = await store.consentsOf(customerId);
      const at = new Date(now());
      let consentStatus: AaConsentStatus | null = null;
      const unrevoked: string[] = [];
      for (const row of rows) {
        if (row.consentId === null || row.consentStatus === 'REVOKED') continue;
        if (row.consentStatus !== 'EXPIRED') {
          try {
            await aa(provider.revokeConsent(row.consentId));
          } catch (error) {
            if (whenAaFails === 'refuse') throw error;
            unrevoked.push(row.consentId);
            continue;
          }
        }
        await store.updateConsent(row.consentHandle, { consentStatus: 'REVOKED' }, at);
        consentStatus = 'REVOKED';
      }
      if (unrevoked.length > 0) {
        options.log.warn(
          { consents: unrevoked.length },
          'erasure: the aggregator could not revoke a consent; our copy of the data is erased, revoke it at the aggregator',
        );
      }
      await store.cancelOpenJobs(customerId, at);
      const deleted = await store.deleteCustomerData(customerId);
      await store.clearJourney(customerId);
      await store.audit(
        customerId,
        'DATA_DEACTIVATED',
        rows.find((row) => row.consentId !== null)?.consentId ?? null,
        {
          deletedAccounts: deleted.accounts,
          deletedTransactions: deleted.transactions,
          // Random ids, nothing of the bank's: a later statement request can say the data is gone.
          deletedAccountIds: deleted.accountIds,
          ...(unrevoked.length > 0 ? { notRevokedAtAggregator: unrevoked } : {}),
        },
        at,
      );
      return { consentStatus, deletedAccounts: deleted.accounts, deletedTransactions: deleted.transactions };
    },
  };
}
