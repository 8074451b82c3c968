import type { FinvuStateId } from './constants.ts';

/**
 * Where a customer who left the bank-linking journey mid-way comes back (spec 001 §2 journey
 * steps, §4 Finvu state ids, §7 consent/stateCapture): the step the recorded state stands for, as
 * long as its consent request still waits for the customer (PENDING). A request that was approved,
 * declined or has expired starts at the landing, which offers what fits (the linked accounts, or a
 * fresh start).
 */
export type ResumeStep = 'landing' | 'selectBank' | 'accountType' | 'permissions';

export interface JourneyState {
  stateId: FinvuStateId;
  fipId: string | null;
  consent: { consentRequestStatus: string } | null;
  linked: readonly unknown[];
}

export function resumeStepOf(state: JourneyState): ResumeStep {
  if (state.consent?.consentRequestStatus !== 'PENDING') return 'landing';
  switch (state.stateId) {
    case 'AA_LOGIN':
    case 'ACCOUNT_CHECKED_NOT_DISCOVERED':
      return 'selectBank';
    case 'ACCOUNT_DISCOVERED':
      return state.fipId ? 'accountType' : 'selectBank';
    case 'ACCOUNT_LINKED':
      return state.linked.length > 0 && state.fipId ? 'permissions' : 'selectBank';
    default:
      return 'landing';
  }
}

/** The state id each resumable step records when the journey reaches it (consent/stateCapture). */
export const STEP_STATE_IDS: Readonly<Record<Exclude<ResumeStep, 'landing'>, FinvuStateId>> = {
  selectBank: 'AA_LOGIN',
  accountType: 'ACCOUNT_DISCOVERED',
  permissions: 'ACCOUNT_LINKED',
};
