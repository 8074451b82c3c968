import {
  APPLY_OFFER_PATH,
  CREDIT_SCORES_PATH,
  PERSONALIZATION_PATH,
  PULL_REPORT_PATH,
  type Environment,
} from '@pravesh/core';

/**
 * Names the nudge's two halves share: the loader in the core script (loader.ts) and the widget
 * script it adds (packages/widgets/src/nudge, built to dist/widgets/pravesh-nudge.js).
 */
export const NUDGE_SCRIPT_FILE = 'widgets/pravesh-nudge.js';
export const NUDGE_GLOBAL = 'PraveshNudge';

/**
 * spec 000 §6 "widget on except one production config": the switch per environment. Every
 * environment of this deployment has it on; a production config that must not show the nudge
 * passes `enabled: false` to loadNudge (the spec does not say which config that is).
 */
export const NUDGE_WIDGET_SWITCH: Readonly<Record<Environment, boolean>> = {
  development: true,
  development_int: true,
  fte: true,
  staging: true,
  local: true,
  production: true,
};

/** spec 000 §9 "Max 2 offers per tile and modal". */
export const MAX_OFFERS_SHOWN = 2;
/** spec 000 §9 "total-offer count capped at 3 in the home summary". */
export const HOME_OFFER_COUNT_CAP = 3;
/** spec 000 §9 "Breakpoints 640px and 767px": up to 767px the nudge is a bottom sheet. */
export const NUDGE_MOBILE_MAX_PX = 767;
/** spec 000 §2, §9: desktop panel 546px wide, 80px from the top. */
export const NUDGE_PANEL_WIDTH_PX = 546;
export const NUDGE_PANEL_TOP_PX = 80;
/** spec 000 §2: the closed tab shakes after 2 seconds, for 6 seconds. */
export const NUDGE_SHAKE_DELAY_MS = 2000;
export const NUDGE_SHAKE_DURATION_MS = 6000;

/** The nudge's calls (spec 000 §7; all GET but the apply POST), from core's zod-free route tables. */
export const NUDGE_ROUTES = {
  getCreditScores: CREDIT_SCORES_PATH,
  /** spec 000 §4 "A personalization fetch sets stored offers": { totalOffers, offers, generatedAt }. */
  personalization: PERSONALIZATION_PATH,
  applyOffer: APPLY_OFFER_PATH,
  /** The "Get Credit Score" pull, on the customer's recorded consent. */
  pullReport: PULL_REPORT_PATH,
} as const;

/**
 * The credit report terms (core sites.ts: the credit report site's consentId) the server wants
 * accepted before a pull (core CREDIT_CONSENT_CONTRACTS); the nudge asks for them through the
 * consent panel before its "Get Credit Score" pull.
 */
export const CREDIT_REPORT_CONTRACT_ID = 'pb-tnc-credit-report';

/** spec 000 §8: closing the error modal logs this analytics event. */
export const ERROR_DISPLAY_CLOSE_EVENT = 'error_display_close';
