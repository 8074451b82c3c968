import { describe, expect, it } from 'vitest';
import { FINVU_STATE_IDS } from './constants.ts';
import { STEP_STATE_IDS, resumeStepOf, type JourneyState } from './resume.ts';

const pending = { consentRequestStatus: 'PENDING' };
const state = (change: Partial<JourneyState>): JourneyState => ({
  stateId: 'AA_LOGIN',
  fipId: null,
  consent: pending,
  linked: [],
  ...change,
});

describe('where a customer who left the journey comes back (spec 001 §2 steps, §4 state ids)', () => {
  it('comes back to the step each recorded state stands for, while its consent request waits', () => {
    expect(resumeStepOf(state({ stateId: 'AA_LOGIN' }))).toBe('selectBank');
    expect(resumeStepOf(state({ stateId: 'ACCOUNT_CHECKED_NOT_DISCOVERED', fipId: 'HDFC-FIP' }))).toBe('selectBank');
    expect(resumeStepOf(state({ stateId: 'ACCOUNT_DISCOVERED', fipId: 'HDFC-FIP' }))).toBe('accountType');
    expect(resumeStepOf(state({ stateId: 'ACCOUNT_DISCOVERED' }))).toBe('selectBank');
    expect(resumeStepOf(state({ stateId: 'ACCOUNT_LINKED', fipId: 'HDFC-FIP', linked: [{}] }))).toBe('permissions');
    expect(resumeStepOf(state({ stateId: 'ACCOUNT_LINKED', fipId: 'HDFC-FIP' }))).toBe('selectBank');
  });

  it('starts at the landing without a waiting request, or once consent was given', () => {
    for (const stateId of FINVU_STATE_IDS) {
      for (const consentRequestStatus of ['APPROVED', 'REJECTED', 'EXPIRED', 'FAILED']) {
        expect(
          resumeStepOf(state({ stateId, fipId: 'HDFC-FIP', linked: [{}], consent: { consentRequestStatus } })),
        ).toBe('landing');
      }
      expect(resumeStepOf(state({ stateId, consent: null }))).toBe('landing');
    }
    for (const stateId of ['CONSENT_GIVEN', 'CONSENT_ALREADY_GIVEN', 'NO_USER_STATE_PRESENT'] as const) {
      expect(resumeStepOf(state({ stateId, fipId: 'HDFC-FIP', linked: [{}] }))).toBe('landing');
    }
  });

  it('records, for each step, the state id that brings the customer back to it', () => {
    for (const [step, stateId] of Object.entries(STEP_STATE_IDS)) {
      expect(resumeStepOf(state({ stateId, fipId: 'HDFC-FIP', linked: [{}] }))).toBe(step);
    }
  });
});
