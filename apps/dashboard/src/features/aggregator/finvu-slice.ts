import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  AaConsentStatus,
  BalanceBannerState,
  FetchStatus,
  TransactionTab,
} from '@pravesh/core/aggregator/constants.ts';
import type {
  ConsentSummary,
  DiscoverResponse,
  LinkedAccountView,
  TransactionsResponse,
} from '@pravesh/core/aggregator/schemas.ts';
import { aggregatorApi } from './api.ts';
import type { JourneyVariant } from './journey-source.ts';
import { storeReset } from '../../app/slices/reset.ts';

/**
 * spec 001 §3 Finvu slice, with its defaults. Filled from the OVI answers as they arrive
 * (fetchUserAccountInfo, journey/data/status, FI/transaction) and by the consent journey's steps.
 * Not persisted (app/persist.ts lists the persisted slices): bank balances and transactions are not
 * kept in the browser's storage, and a reload starts the journey afresh from the server's state.
 */

/** spec 001 §2 "Account aggregator consent journey steps", in order. */
export const JOURNEY_STEPS = [
  'landing',
  'verifyMobile',
  'selectBank',
  'accountType',
  'permissions',
  'verificationStatus',
] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

export type DiscoveredAccount = DiscoverResponse['accounts'][number];
export type Transaction = TransactionsResponse['transactions'][number];

export interface TransactionSet {
  totalRecords: number;
  pageCount: number;
  transactions: Transaction[];
}

export interface AddAnotherBankModal {
  /** The modal's loader: a new consent request is being asked for. */
  sLoader: boolean;
  status: 'closed' | 'open' | 'failed';
  message: string;
}

/** spec 001 §3 AAConsentData, plus what the steps carry from one to the next (ours). */
export interface AAConsentData {
  isOtpModal: boolean;
  addAnotherBankModal: AddAnotherBankModal;
  isStepLoader: boolean;
  steps: JourneyStep;
  /** spec 001 §3: "a verification status defaulting to FAILED". */
  verificationStatus: 'VERIFIED' | 'FAILED';
  consent: {
    consentHandle: string;
    aaCustomerId: string;
    ConsentDetail: ConsentSummary['ConsentDetail'];
    alreadyGiven: boolean;
  } | null;
  fipId: string | null;
  discovered: DiscoveredAccount[];
  selectedAccRefs: string[];
  link: { refNumber: string; otpLength: 6 | 8 } | null;
  linked: DiscoveredAccount[];
}

export type RefreshStatus = 'idle' | 'refreshing' | 'retrying' | 'started' | 'notYet' | 'disabled' | 'failed';

export interface FinvuState {
  /** A journey state is being recorded (consent/stateCapture). */
  isSavingStatus: boolean;
  consentStatus: AaConsentStatus | null;
  bannersState: BalanceBannerState | null;
  fetchStatus: FetchStatus;
  totalBalance: number;
  accounts: LinkedAccountView[];
  refreshStatus: RefreshStatus;
  /** The customer approved a consent in this visit (Verification Complete). */
  consentProvided: boolean;
  /** accountId of the account whose transactions or statement are open. */
  selectedAccount: string | null;
  selectedTransactionsTab: TransactionTab;
  transactions: Record<TransactionTab, TransactionSet>;
  AAConsentData: AAConsentData;
  /** spec 001 §3 "A consent page redirection source": where the journey returns to. */
  consentPageRedirectionSource: JourneyVariant | null;
}

const emptySet = (): TransactionSet => ({ totalRecords: 0, pageCount: 0, transactions: [] });

export const initialConsentData: AAConsentData = {
  isOtpModal: false,
  addAnotherBankModal: { sLoader: false, status: 'closed', message: '' },
  isStepLoader: false,
  steps: 'landing',
  verificationStatus: 'FAILED',
  consent: null,
  fipId: null,
  discovered: [],
  selectedAccRefs: [],
  link: null,
  linked: [],
};

export const initialFinvuState: FinvuState = {
  isSavingStatus: false,
  consentStatus: null,
  bannersState: null,
  fetchStatus: 'NOT_STARTED',
  totalBalance: 0,
  accounts: [],
  refreshStatus: 'idle',
  consentProvided: false,
  selectedAccount: null,
  selectedTransactionsTab: 'All',
  transactions: { Credit: emptySet(), Debit: emptySet(), All: emptySet() },
  AAConsentData: initialConsentData,
  consentPageRedirectionSource: null,
};

export const finvuSlice = createSlice({
  name: 'finvu',
  initialState: initialFinvuState,
  reducers: {
    /** A fresh journey (landing), remembering where the customer came from. */
    journeyStarted(state, action: PayloadAction<JourneyVariant>) {
      state.AAConsentData = initialConsentData;
      state.consentPageRedirectionSource = action.payload;
    },
    /**
     * A customer who left mid-way comes back to the step they left (spec 001 §7 consent/stateCapture,
     * core resumeStepOf): the consent request, the bank and the linked accounts as the server kept them.
     */
    journeyResumed(
      state,
      action: PayloadAction<{
        step: JourneyStep;
        variant: JourneyVariant;
        consent: NonNullable<AAConsentData['consent']>;
        fipId: string | null;
        linked: DiscoveredAccount[];
      }>,
    ) {
      const { step, variant, consent, fipId, linked } = action.payload;
      state.AAConsentData = { ...initialConsentData, steps: step, consent, fipId, linked };
      state.consentPageRedirectionSource = variant;
    },
    stepChanged(state, action: PayloadAction<JourneyStep>) {
      state.AAConsentData.steps = action.payload;
      state.AAConsentData.isStepLoader = false;
    },
    stepLoaderChanged(state, action: PayloadAction<boolean>) {
      state.AAConsentData.isStepLoader = action.payload;
    },
    consentReceived(state, action: PayloadAction<NonNullable<AAConsentData['consent']>>) {
      state.AAConsentData.consent = action.payload;
      state.AAConsentData.fipId = null;
      state.AAConsentData.discovered = [];
      state.AAConsentData.selectedAccRefs = [];
      state.AAConsentData.linked = [];
    },
    accountsDiscovered(state, action: PayloadAction<{ fipId: string; accounts: DiscoveredAccount[] }>) {
      state.AAConsentData.fipId = action.payload.fipId;
      state.AAConsentData.discovered = action.payload.accounts;
      state.AAConsentData.selectedAccRefs = action.payload.accounts.map((account) => account.accRefNumber);
    },
    accountsSelected(state, action: PayloadAction<string[]>) {
      state.AAConsentData.selectedAccRefs = action.payload;
    },
    otpModalOpened(state, action: PayloadAction<{ refNumber: string; otpLength: 6 | 8 }>) {
      state.AAConsentData.link = action.payload;
      state.AAConsentData.isOtpModal = true;
    },
    otpModalClosed(state) {
      state.AAConsentData.isOtpModal = false;
    },
    accountsLinked(state, action: PayloadAction<DiscoveredAccount[]>) {
      state.AAConsentData.linked = action.payload;
      state.AAConsentData.isOtpModal = false;
      state.AAConsentData.link = null;
      state.AAConsentData.steps = 'permissions';
    },
    verificationFinished(state, action: PayloadAction<'VERIFIED' | 'FAILED'>) {
      state.AAConsentData.verificationStatus = action.payload;
      state.AAConsentData.steps = 'verificationStatus';
      state.AAConsentData.isStepLoader = false;
      if (action.payload === 'VERIFIED') state.consentProvided = true;
    },
    addAnotherBankModalChanged(state, action: PayloadAction<Partial<AddAnotherBankModal>>) {
      state.AAConsentData.addAnotherBankModal = { ...state.AAConsentData.addAnotherBankModal, ...action.payload };
    },
    savingStatusChanged(state, action: PayloadAction<boolean>) {
      state.isSavingStatus = action.payload;
    },
    refreshStatusChanged(state, action: PayloadAction<RefreshStatus>) {
      state.refreshStatus = action.payload;
    },
    accountSelected(state, action: PayloadAction<string | null>) {
      state.selectedAccount = action.payload;
    },
    transactionsTabSelected(state, action: PayloadAction<TransactionTab>) {
      state.selectedTransactionsTab = action.payload;
    },
  },
  extraReducers: (builder) =>
    builder
      .addCase(storeReset, () => initialFinvuState)
      .addMatcher(aggregatorApi.endpoints.accountsInfo.matchFulfilled, (state, { payload }) => {
        state.consentStatus = payload.consentStatus;
        state.bannersState = payload.bannerState;
        state.fetchStatus = payload.fetchStatus;
        state.totalBalance = payload.totalBalance;
        state.accounts = payload.accounts;
      })
      .addMatcher(aggregatorApi.endpoints.journeyStatus.matchFulfilled, (state, { payload }) => {
        state.bannersState = payload.bannerState;
        state.consentStatus = payload.consentStatus;
        state.fetchStatus = payload.fetchStatus;
      })
      .addMatcher(aggregatorApi.endpoints.transactions.matchFulfilled, (state, { payload }) => {
        state.transactions[payload.type] = {
          totalRecords: payload.totalRecords,
          pageCount: payload.pageCount,
          transactions: payload.transactions,
        };
      })
      .addMatcher(aggregatorApi.endpoints.deactivate.matchFulfilled, (_state, { payload }) => ({
        ...initialFinvuState,
        consentStatus: payload.consentStatus,
        bannersState: 'aa_not_initiated',
      })),
});

export const {
  journeyStarted,
  journeyResumed,
  stepChanged,
  stepLoaderChanged,
  consentReceived,
  accountsDiscovered,
  accountsSelected,
  otpModalOpened,
  otpModalClosed,
  accountsLinked,
  verificationFinished,
  addAnotherBankModalChanged,
  savingStatusChanged,
  refreshStatusChanged,
  accountSelected,
  transactionsTabSelected,
} = finvuSlice.actions;
