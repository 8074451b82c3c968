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
  /** The consent panel is on the page (widgets/src/consent/open.tsx). */
  consent: boolean;
  /**
   * The visit's own open waits for the consent panel to close: one at a time (spec 000 §4), the
   * panel that opened by itself steps aside while the consent panel asks, then comes back.
   */
  aside: boolean;
  tiles: NudgeTilesState;
  /** The live tiles are being fetched. */
  loading: boolean;
  activity: RecentActivityItem[];
  /** Bumped by a refresh: the live tiles and the recent activity are fetched again. */
  refreshes: number;
  /** Bumped when the visitor layer merged entries into the shared storage: the recent activity is read again. */
  merges: number;
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
  /** The customer (or the host page) opens, with the overlay or not, or closes the panel or sheet. */
  | { type: 'show'; open: boolean; overlay?: boolean }
  /** The host page's toggle command: closes an open nudge, opens a closed one. */
  | { type: 'toggle'; overlay: boolean }
  /**
   * A new visit opens the panel by itself (spec 000 §4 initialNudgeState), no overlay; `consent`:
   * the consent panel is on the page now (the page is read, its observer may not have told yet).
   */
  | { type: 'visitOpen'; consent: boolean }
  /** The phone sheet hidden entirely (the launcher shows), or back. */
  | { type: 'dismissed'; dismissed: boolean }
  /** A width change across the phone breakpoint: the other layout starts at rest. */
  | { type: 'layout' }
  /**
   * The consent panel came onto the page, or left it (spec 000 §4 one at a time); `locked`: the
   * page has locked its scroll by then, so the panel does not come back by itself.
   */
  | { type: 'consent'; shown: boolean; locked?: boolean }
  | { type: 'loading'; loading: boolean }
  | { type: 'tiles'; tiles: NudgeTilesState }
  | { type: 'activity'; activity: RecentActivityItem[] }
  | { type: 'refresh' }
  | { type: 'merged' }
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
    consent: false,
    aside: false,
    tiles,
    loading: false,
    activity: [],
    refreshes: 0,
    merges: 0,
    offersOpen: false,
    applying: undefined,
    failed: false,
    loggedOut: false,
    pulling: false,
  };
}

/** The panel as a new visit opens it: no overlay (an invitation, not a wall), not the customer's. */
function openByItself(state: NudgeState): NudgeState {
  return { ...state, open: true, overlay: false, dismissed: false, byItself: true, aside: false };
}

export function nudgeReducer(state: NudgeState, action: NudgeAction): NudgeState {
  switch (action.type) {
    case 'signOn':
      return { ...state, signOn: action.client, session: action.client.session };
    case 'session':
      return { ...state, session: action.session };
    case 'visitor':
      return { ...state, visitor: action.visitor };
    case 'show': {
      // The customer's choice: a visit's open no longer comes back after the consent panel.
      const chosen = { ...state, open: action.open, byItself: false, aside: false };
      return action.open ? { ...chosen, overlay: action.overlay === true, dismissed: false } : chosen;
    }
    case 'toggle':
      return {
        ...state,
        open: !state.open,
        overlay: state.open ? state.overlay : action.overlay,
        byItself: false,
        aside: false,
      };
    case 'visitOpen':
      // Already open: the customer opened it first. With the consent panel asking it waits.
      if (state.open) return state;
      return state.consent || action.consent ? { ...state, consent: true, aside: true } : openByItself(state);
    case 'dismissed':
      return { ...state, dismissed: action.dismissed };
    case 'layout':
      return { ...state, open: false, dismissed: false, byItself: false, aside: false };
    case 'consent':
      if (action.shown) {
        // A panel that opened by itself (and is still open: any close clears byItself) steps aside;
        // one the customer opened stays.
        return { ...state, consent: true, ...(state.byItself ? { open: false, byItself: false, aside: true } : {}) };
      }
      if (!state.aside) return { ...state, consent: false };
      return action.locked ? { ...state, consent: false, aside: false } : openByItself({ ...state, consent: false });
    case 'loading':
      return { ...state, loading: action.loading };
    case 'tiles':
      return { ...state, tiles: action.tiles };
    case 'activity':
      return { ...state, activity: action.activity };
    case 'refresh':
      return { ...state, refreshes: state.refreshes + 1 };
    case 'merged':
      return { ...state, merges: state.merges + 1 };
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
