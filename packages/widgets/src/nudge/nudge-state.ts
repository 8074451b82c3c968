import type { RecentActivityItem } from '@pravesh/core';
import type { SignOn, SignOnSession, VisitorLayer } from '@pravesh/sdk';
import type { NudgeOffer, NudgeTilesState } from '@pravesh/sdk/nudge';

/**
 * The nudge's state (spec 000 §2 "Nudge widget", §4 "Nudge state") as a pure reducer: every
 * transition is a plain function of the state and an action, tested without React, a page or the
 * SDK. The hook (use-nudge.ts) runs the effects and calls and dispatches what they answered; the
 * view (nudge.tsx) only renders. The way apps/accounts/src/journey/journey-state.ts is built.
 */

export interface NudgeState {
  /** The sign-on client, the visitor layer and the session arrive when they are ready (either may never). */
  signOn: SignOn | undefined;
  visitor: VisitorLayer | undefined;
  session: SignOnSession | undefined;
  /** Open on a wide screen; on a phone, open is the sheet's open snap and closed its peek. */
  open: boolean;
  /** On a phone, a swipe down from the peek hides the sheet entirely until the launcher is pressed. */
  dismissed: boolean;
  /** The scrim behind the open panel (a panel the customer opened, on a page that has not locked its scroll). */
  overlay: boolean;
  /** Opened by the visit (spec 000 §4 initialNudgeState), not by the customer. */
  byItself: boolean;
  tiles: NudgeTilesState;
  /** The live tiles are being fetched. */
  loading: boolean;
  activity: RecentActivityItem[];
  /** Bumped by a refresh: the live tiles and the recent activity are fetched again. */
  refreshes: number;
  offersOpen: boolean;
  /** The offer being applied for: the full-screen loader names it. */
  applying: NudgeOffer | undefined;
  /** The error modal (a failing apply or score pull, spec 000 §8). */
  failed: boolean;
  /** The logout sheet, on the page after signing out from the nudge. */
  loggedOut: boolean;
  /** The "Get Credit Score" journey is under way: consent asked, then the pull. */
  pulling: boolean;
}

export type NudgeAction =
  | { type: 'signOn'; client: SignOn }
  | { type: 'session'; session: SignOnSession | undefined }
  | { type: 'visitor'; visitor: VisitorLayer }
  /** Opens (with the overlay or not; `byItself` when the visit opens it) or closes the panel or sheet. */
  | { type: 'show'; open: boolean; overlay?: boolean; byItself?: boolean }
  /** The host page's toggle command: closes an open nudge, opens a closed one. */
  | { type: 'toggle'; overlay: boolean }
  /** The phone sheet hidden entirely (the launcher shows), or back. */
  | { type: 'dismissed'; dismissed: boolean }
  /** A width change across the phone breakpoint: the other layout starts at rest. */
  | { type: 'layout' }
  /** The consent panel came onto the page (spec 000 §4 one at a time). */
  | { type: 'consentShown' }
  | { type: 'loading'; loading: boolean }
  | { type: 'tiles'; tiles: NudgeTilesState }
  | { type: 'activity'; activity: RecentActivityItem[] }
  | { type: 'refresh' }
  | { type: 'offersOpen'; open: boolean }
  | { type: 'applying'; offer: NudgeOffer }
  | { type: 'failed'; failed: boolean }
  | { type: 'loggedOut'; loggedOut: boolean }
  | { type: 'pulling'; pulling: boolean };

export function initialNudgeState(tiles: NudgeTilesState): NudgeState {
  return {
    signOn: undefined,
    visitor: undefined,
    session: undefined,
    open: false,
    dismissed: false,
    overlay: true,
    byItself: false,
    tiles,
    loading: false,
    activity: [],
    refreshes: 0,
    offersOpen: false,
    applying: undefined,
    failed: false,
    loggedOut: false,
    pulling: false,
  };
}

export function nudgeReducer(state: NudgeState, action: NudgeAction): NudgeState {
  switch (action.type) {
    case 'signOn':
      return { ...state, signOn: action.client, session: action.client.session };
    case 'session':
      return { ...state, session: action.session };
    case 'visitor':
      return { ...state, visitor: action.visitor };
    case 'show':
      return action.open
        ? {
            ...state,
            open: true,
            overlay: action.overlay === true,
            dismissed: false,
            byItself: state.byItself || action.byItself === true,
          }
        : { ...state, open: false };
    case 'toggle':
      return state.open ? { ...state, open: false } : { ...state, open: true, overlay: action.overlay };
    case 'dismissed':
      return { ...state, dismissed: action.dismissed };
    case 'layout':
      return { ...state, open: false, dismissed: false };
    case 'consentShown':
      // A panel that opened by itself steps aside; one the customer opened stays.
      return state.byItself ? { ...state, byItself: false, open: false } : state;
    case 'loading':
      return { ...state, loading: action.loading };
    case 'tiles':
      return { ...state, tiles: action.tiles };
    case 'activity':
      return { ...state, activity: action.activity };
    case 'refresh':
      return { ...state, refreshes: state.refreshes + 1 };
    case 'offersOpen':
      return { ...state, offersOpen: action.open };
    case 'applying':
      return { ...state, offersOpen: false, applying: action.offer };
    case 'failed':
      // The loader gives way to the error modal.
      return action.failed ? { ...state, applying: undefined, failed: true } : { ...state, failed: false };
    case 'loggedOut':
      return { ...state, loggedOut: action.loggedOut };
    case 'pulling':
      return { ...state, pulling: action.pulling };
  }
}
