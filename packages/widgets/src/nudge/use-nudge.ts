import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react';
import type { SheetChangeReason, SheetSnap } from '@pravesh/ui';
import type { HttpMethod, RequestOptions, SignOn } from '@pravesh/sdk';
import {
  applicationItem,
  appliedOfferIds,
  createNudgeData,
  CREDIT_REPORT_CONTRACT_ID,
  ERROR_DISPLAY_CLOSE_EVENT,
  localNudgeStore,
  NUDGE_MOBILE_MAX_PX,
  type AuthorizedRequest,
  type NudgeCommand,
  type NudgeData,
  type NudgeMountContext,
  type NudgeOffer,
} from '@pravesh/sdk/nudge';
import { initialNudgeState, nudgeReducer, type NudgeState } from './nudge-state.ts';
import type { TileAction } from './tiles.tsx';

/**
 * The nudge's effects, calls and commands (spec 000 §2, §4): the sign-on client and visitor layer
 * as they arrive, the open-on-a-new-visit rule, the live or stored tiles, recent activity, the
 * host page's commands, sign-in from a tile, apply, the score pull and sign-out. It dispatches
 * into nudgeReducer (nudge-state.ts) and answers what the view (nudge.tsx) renders and calls.
 */

/** sessionStorage flag: the customer signed out from the nudge, so the next page shows the logout sheet. */
export const SIGNED_OUT_FLAG = 'pravesh_nudge_signed_out';

export interface CommandSource {
  subscribe(listener: (command: NudgeCommand) => void): () => void;
}

export interface UseNudgeOptions {
  context: NudgeMountContext;
  commands: CommandSource;
  /** Default: the tiles of localStorage and the live calls (createNudgeData). */
  data?: NudgeData | undefined;
}

export interface NudgeController {
  state: NudgeState;
  /** Up to 767px: the bottom sheet instead of the side panel. */
  mobile: boolean;
  signedIn: boolean;
  /** The offers the customer has applied for (their status instead of "Pre-approved"). */
  applied: ReturnType<typeof appliedOfferIds>;
  /** The phone sheet's snap. */
  snap: SheetSnap;
  /** The desktop slide tab, the panel, and the phone's launcher (focus returns to them). */
  tab: RefObject<HTMLButtonElement | null>;
  panel: RefObject<HTMLElement | null>;
  launcher: RefObject<HTMLButtonElement | null>;
  /** Opens or closes the nudge as the customer asked (with the overlay, focus into the panel). */
  show: (open: boolean) => void;
  onTileAction: TileAction;
  onGetScore: TileAction;
  onViewOffers: (event: MouseEvent<HTMLElement>) => void;
  onPanelKey: (event: KeyboardEvent<HTMLElement>) => void;
  onSnapChange: (requested: SheetSnap, reason: SheetChangeReason) => void;
  /** The phone's launcher brings the hidden sheet back. */
  undismiss: () => void;
  apply: (offer: NudgeOffer) => void;
  closeOffers: () => void;
  closeError: () => void;
  signOut: () => void;
  closeLogout: () => void;
  /** The logout sheet's Sign in: back to this page once signed in. */
  signInAgain: () => void;
}

/** The host page has locked its scroll (a modal of its own is open): no overlay, no auto-open. */
export function pageScrollLocked(doc: Document): boolean {
  const view = doc.defaultView;
  if (!view) return false;
  return [doc.body, doc.documentElement].some((element) => view.getComputedStyle(element).overflow === 'hidden');
}

function useMediaQuery(view: Window, query: string): boolean {
  const [matches, setMatches] = useState(() => view.matchMedia?.(query).matches ?? false);
  useEffect(() => {
    const list = view.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setMatches(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [view, query]);
  return matches;
}

/** The sign-on client's call with the access token (and its one refresh, spec 000 §4). */
function authorized(client: SignOn): AuthorizedRequest {
  return <T>(method: HttpMethod, path: string, options?: RequestOptions) => client.request<T>(method, path, options);
}

/** The consent panel's host element (widgets/src/consent/open.tsx CONSENT_HOST_TAG), on the page while it is open. */
const CONSENT_PANEL_TAG = 'pravesh-consent';

/**
 * Whether the page shows the consent panel now. On a phone it is a full-width bottom sheet (spec
 * 000 §2) at the page's dialog level, over the nudge's peek: two sheets in one place, the nudge's
 * half hidden. The peek steps aside while the panel is up and comes back when it closes. Watches
 * body's own children only (the panel's host is appended there), not the page's subtree.
 */
function useConsentPanelShown(doc: Document): boolean {
  const [shown, setShown] = useState(() => consentPanelIn(doc));
  useEffect(() => {
    const Observer = doc.defaultView?.MutationObserver;
    if (!doc.body || !Observer) return;
    const observer = new Observer(() => setShown(consentPanelIn(doc)));
    observer.observe(doc.body, { childList: true });
    setShown(consentPanelIn(doc));
    return () => observer.disconnect();
  }, [doc]);
  return shown;
}

function consentPanelIn(doc: Document): boolean {
  return doc.body?.querySelector(`:scope > ${CONSENT_PANEL_TAG}`) != null;
}

export function useNudge({ context, commands, data: givenData }: UseNudgeOptions): NudgeController {
  const doc = context.document;
  const view = doc.defaultView ?? window;
  const navigate = context.navigate ?? ((url: string) => view.location.assign(url));
  const data = useMemo(
    () => givenData ?? createNudgeData(localNudgeStore(context.pravesh.environment)),
    [givenData, context.pravesh],
  );
  const mobile = useMediaQuery(view, `(max-width: ${NUDGE_MOBILE_MAX_PX}px)`);
  const [state, dispatch] = useReducer(nudgeReducer, undefined, () => initialNudgeState(data.stored()));
  const { signOn, visitor, session, open, dismissed, refreshes, merges, pulling } = state;
  const applied = useMemo(() => appliedOfferIds(state.activity), [state.activity]);
  const tab = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const launcher = useRef<HTMLButtonElement>(null);
  const focusOnOpen = useRef(false);

  // The overlay comes with a panel the customer opened. The panel that opens by itself on a new
  // visit leaves the page usable (no overlay): an invitation, not a wall in front of the page the
  // visitor came for; the tab and the check button still close it.
  const show = useCallback(
    (next: boolean) => {
      focusOnOpen.current = next;
      dispatch({ type: 'show', open: next, overlay: next && !pageScrollLocked(doc) });
    },
    [doc],
  );

  // The sign-on client and the visitor layer arrive when they are ready (either may never).
  useEffect(() => {
    let unsubscribe = () => {};
    let live = true;
    void context.signOn.then((client) => {
      if (!live || !client) return;
      dispatch({ type: 'signOn', client });
      unsubscribe = client.subscribe((snapshot) => dispatch({ type: 'session', session: snapshot.session }));
    });
    void context.visitor.then((layer) => {
      if (live && layer) dispatch({ type: 'visitor', visitor: layer });
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [context]);

  // spec 000 §4: initialNudgeState open on a new visit → open once, then close for later pages.
  useEffect(() => {
    if (!visitor) return;
    const record = visitor.records.read();
    if (!record) return;
    if (record.initialNudgeState === 'open') {
      // spec 000 §4: one at a time; with the consent panel asking, the nudge waits for it to close.
      if (!mobile && !pageScrollLocked(doc)) {
        focusOnOpen.current = false;
        dispatch({ type: 'visitOpen', consent: consentPanelIn(doc) });
      }
      visitor.records.write({ ...record, initialNudgeState: 'close' });
    }
    // Only when the visitor layer arrives: later media changes do not reopen it.
  }, [visitor]);

  // A width change across 767px (a rotated tablet, a resized window) starts the other layout at
  // rest: the wide panel that opened by itself must not become the phone's open sheet, a modal that
  // makes the page behind it inert; and an open phone sheet becomes the closed panel with its tab.
  const layoutSeen = useRef(mobile);
  useEffect(() => {
    if (layoutSeen.current === mobile) return;
    layoutSeen.current = mobile;
    dispatch({ type: 'layout' });
  }, [mobile]);

  // Signed in: live tiles; signed out: stored ones (spec 000 §4).
  const customerId = session?.customerId;
  useEffect(() => {
    if (!signOn || !customerId) {
      dispatch({ type: 'tiles', tiles: data.stored() });
      return;
    }
    let live = true;
    dispatch({ type: 'loading', loading: true });
    void data
      .live(authorized(signOn))
      .then((tiles) => live && dispatch({ type: 'tiles', tiles }))
      .finally(() => live && dispatch({ type: 'loading', loading: false }));
    return () => {
      live = false;
    };
  }, [signOn, customerId, data, refreshes]);

  useEffect(() => {
    if (!visitor) return;
    let live = true;
    visitor
      .recentActivity(context.recentActivity)
      .then((activity) => live && dispatch({ type: 'activity', activity }))
      .catch(() => live && dispatch({ type: 'activity', activity: [] }));
    return () => {
      live = false;
    };
  }, [visitor, context, refreshes, merges]);
  // The customer's entries from other sites can land after the list was read (spec 000 §4 sync flag:
  // on a new device, this site's merge waits for its access token).
  useEffect(() => visitor?.onMerged(() => dispatch({ type: 'merged' })), [visitor]);

  // After signing out from the nudge, the next page shows the logout sheet once.
  useEffect(() => {
    if (!signOn || signOn.session) return;
    try {
      if (view.sessionStorage.getItem(SIGNED_OUT_FLAG) !== null) {
        view.sessionStorage.removeItem(SIGNED_OUT_FLAG);
        dispatch({ type: 'loggedOut', loggedOut: true });
      }
    } catch {
      // No session storage: no sheet.
    }
  }, [signOn]);

  useEffect(
    () =>
      commands.subscribe((command) => {
        if (command === 'open') show(true);
        else if (command === 'close') show(false);
        else if (command === 'toggle') dispatch({ type: 'toggle', overlay: !pageScrollLocked(doc) });
        else if (command === 'refresh') dispatch({ type: 'refresh' });
      }),
    [commands, show, doc],
  );

  useEffect(() => {
    if (open && focusOnOpen.current && !mobile) panel.current?.focus({ preventScroll: true });
  }, [open, mobile]);

  const signedIn = Boolean(session);

  const signInThen = useCallback(
    async (target: string) => {
      if (!signOn) {
        navigate(target);
        return;
      }
      // spec 000 §4: the OTP sign-in when the mobile number is known, else the create-login journey.
      // After a logout the record has no customer, but the mapping still knows who signed in last.
      const mobileNo = await visitor?.records.knownMobileNo().catch(() => undefined);
      const result = await signOn
        .signIn(mobileNo ? { journeyType: 'JOURNEY_OTP', mobileNo } : {})
        .catch(() => undefined);
      if (result?.status === 'signedIn') navigate(target);
    },
    [signOn, visitor, navigate],
  );

  const onTileAction: TileAction = (event, target) => {
    if (signedIn) return; // A plain link: the browser follows it.
    event.preventDefault();
    show(false);
    void signInThen(target);
  };

  const onViewOffers = (event: MouseEvent<HTMLElement>) => {
    if (!signedIn) {
      onTileAction(event, context.links.offers);
      return;
    }
    // On a phone one modal at a time: the sheet goes back to its peek under the offers.
    if (mobile) dispatch({ type: 'show', open: false });
    dispatch({ type: 'offersOpen', open: true });
  };

  async function apply(offer: NudgeOffer) {
    if (!signOn || !session) return;
    dispatch({ type: 'applying', offer });
    try {
      const url = await data.apply(authorized(signOn), {
        offerId: offer.offerId,
        mobileNo: session.mobileNo,
        visitId: visitor?.records.read()?.visit,
      });
      // Every site's Recent Activity and this offer's status come from the site entry it leaves;
      // a storage that refuses it must not stop the customer from reaching the partner.
      await visitor?.storage.setItem(applicationItem(offer, url)).catch(() => undefined);
      navigate(url); // The loader stays up while the partner's page loads.
    } catch {
      dispatch({ type: 'failed', failed: true });
    }
  }

  /**
   * "Check my score" when signed in without bureau data: the pull needs the credit report terms
   * accepted (server: bureauConsentRequired otherwise), so the consent panel asks for them first;
   * the nudge steps aside meanwhile (on a phone its open sheet would make the panel unreachable),
   * and comes back with the score. Declined or dismissed: nothing is pulled, the nudge comes back as it was.
   * A failing pull is spec 000 §8's bureau fetch failure: the error modal.
   */
  async function getScore(askConsent: (contractId: string) => Promise<string>, client: SignOn) {
    dispatch({ type: 'pulling', pulling: true });
    show(false);
    try {
      const status = await askConsent(CREDIT_REPORT_CONTRACT_ID).catch(() => 'failed');
      if (!['accepted', 'alreadyVerified', 'recorded', 'disabled'].includes(status)) {
        show(true); // Back where the customer was, the offer to check still there.
        return;
      }
      await data.pullScores(authorized(client));
      dispatch({ type: 'refresh' });
      show(true);
    } catch {
      dispatch({ type: 'failed', failed: true });
    } finally {
      dispatch({ type: 'pulling', pulling: false });
    }
  }

  const onGetScore: TileAction = (event, target) => {
    const { askConsent } = context;
    if (!signedIn || !signOn || !askConsent) {
      onTileAction(event, target);
      return;
    }
    event.preventDefault();
    if (!pulling) void getScore(askConsent, signOn);
  };

  function closeError() {
    dispatch({ type: 'failed', failed: false });
    // spec 000 §8: closing the error modal logs error_display_close.
    context.pravesh
      .track({ event: ERROR_DISPLAY_CLOSE_EVENT, category: 'nudge', action: 'close', label: 'applyOffer' })
      .catch(() => {});
  }

  function signOut() {
    try {
      view.sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
    } catch {
      // No session storage: the sign-out still happens, without the sheet.
    }
    signOn?.logout();
  }

  const onPanelKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    show(false);
    tab.current?.focus({ preventScroll: true });
  };

  const consentShown = useConsentPanelShown(doc);
  // One at a time (spec 000 §4): a panel that opened by itself steps aside when the consent panel
  // arrives after it (its check answers later), instead of both covering the first signed-in page,
  // and comes back when the consent panel has closed: the new visit's open is put off, not lost.
  useEffect(() => {
    dispatch({ type: 'consent', shown: consentShown, locked: !consentShown && pageScrollLocked(doc) });
  }, [consentShown]);
  // An open sheet stays open (the customer asked for it); a peek yields to the consent panel.
  const snap: SheetSnap = dismissed ? 'closed' : open ? 'open' : mobile && consentShown ? 'closed' : 'peek';
  const onSnapChange = (requested: SheetSnap, reason: SheetChangeReason) => {
    // spec 000 §4 "swipe down closes": one swipe down from open closes, not two (open → peek → closed).
    const next = reason === 'drag' && snap === 'open' && requested === 'peek' ? 'closed' : requested;
    dispatch({ type: 'dismissed', dismissed: next === 'closed' });
    if (next === 'open') show(true);
    else dispatch({ type: 'show', open: false });
  };

  return {
    state,
    mobile,
    signedIn,
    applied,
    snap,
    tab,
    panel,
    launcher,
    show,
    onTileAction,
    onGetScore,
    onViewOffers,
    onPanelKey,
    onSnapChange,
    undismiss: () => dispatch({ type: 'dismissed', dismissed: false }),
    apply: (offer) => void apply(offer),
    closeOffers: () => dispatch({ type: 'offersOpen', open: false }),
    closeError,
    signOut,
    closeLogout: () => dispatch({ type: 'loggedOut', loggedOut: false }),
    signInAgain: () => {
      dispatch({ type: 'loggedOut', loggedOut: false });
      void signInThen(view.location.href);
    },
  };
}
