import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { BottomSheet, type SheetChangeReason, type SheetSnap } from '@pravesh/ui';
import type { RecentActivityItem } from '@pravesh/core';
import type { HttpMethod, RequestOptions, SignOn, SignOnSession, VisitorLayer } from '@pravesh/sdk';
import {
  applicationItem,
  appliedOfferIds,
  createNudgeData,
  CREDIT_REPORT_CONTRACT_ID,
  ERROR_DISPLAY_CLOSE_EVENT,
  homeOfferCount,
  homeOfferLabel,
  localNudgeStore,
  offerCountText,
  NUDGE_MOBILE_MAX_PX,
  type AuthorizedRequest,
  type NudgeCommand,
  type NudgeData,
  type NudgeMountContext,
  type NudgeOffer,
  type NudgeTilesState,
} from '@pravesh/sdk/nudge';
import { ErrorModal, FullScreenLoader, LogoutSheet, OffersModal } from './dialogs.tsx';
import { CheckIcon, SparkIcon } from './icons.tsx';
import { OffersTileView, RecentActivityView, ScoreTileView, type TileAction } from './tiles.tsx';

/**
 * The nudge widget (spec 000 §2 "Nudge widget", §4 "Nudge state"). Desktop: a
 * right-side panel with a slide tab, open by default on a new visit, toggled by the tab, the
 * overlay or the check button; the closed tab shakes after 2 s for 6 s. Up to 767px: @pravesh/ui's
 * snapping BottomSheet — peek (the swipe hint, a non-modal region), open (80vh, a modal dialog),
 * closed (a launcher button brings it back); its gestures (more than 20px, or a flick) and their
 * keyboard equivalents are the sheet's. Signed out it shows the stored tiles, and a tile
 * click closes the nudge, signs in (OTP when the mobile number is known, else the full journey)
 * and then goes where the tile pointed; signed in it fetches the live score and offers.
 */

export const SWIPE_HINT = 'Exciting offers await you! Swipe up to explore.';
/** sessionStorage flag: the customer signed out from the nudge, so the next page shows the logout sheet. */
export const SIGNED_OUT_FLAG = 'pravesh_nudge_signed_out';

export interface CommandSource {
  subscribe(listener: (command: NudgeCommand) => void): () => void;
}

export interface NudgeProps {
  context: NudgeMountContext;
  commands: CommandSource;
  /** Default: the tiles of localStorage and the live calls (createNudgeData). */
  data?: NudgeData;
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
  return <T,>(method: HttpMethod, path: string, options?: RequestOptions) => client.request<T>(method, path, options);
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

function maskMobile(mobileNo: string): string {
  return mobileNo.length < 6 ? '******' : `${mobileNo.slice(0, 2)}******${mobileNo.slice(-2)}`;
}

/**
 * The panel summary names the customer's offer count, the number the tile and the offers modal
 * name too; only the tab badge carries spec 000 §9's cap ("3+"). See
 * docs/decisions/0007-nudge-summary-names-the-offer-count.md.
 */
function summaryOf(tiles: NudgeTilesState, signedIn: boolean): string {
  const total = tiles.gucpaOffers?.total ?? 0;
  if (homeOfferCount(total) > 0) return `${offerCountText(total)} picked for you`;
  return signedIn ? 'Your score and applications in one place' : 'Sign in to see your score and offers';
}

export function Nudge({ context, commands, data: givenData }: NudgeProps) {
  const doc = context.document;
  const view = doc.defaultView ?? window;
  const navigate = context.navigate ?? ((url: string) => view.location.assign(url));
  const data = useMemo(
    () => givenData ?? createNudgeData(localNudgeStore(context.pravesh.environment)),
    [givenData, context.pravesh],
  );
  const mobile = useMediaQuery(view, `(max-width: ${NUDGE_MOBILE_MAX_PX}px)`);

  const [signOn, setSignOn] = useState<SignOn | undefined>();
  const [visitor, setVisitor] = useState<VisitorLayer | undefined>();
  const [session, setSession] = useState<SignOnSession | undefined>();
  /** Open on a wide screen; on a phone, open is the sheet's open snap and closed its peek. */
  const [open, setOpen] = useState(false);
  /** On a phone, a swipe down from the peek hides the sheet entirely until the launcher is pressed. */
  const [dismissed, setDismissed] = useState(false);
  const [overlay, setOverlay] = useState(true);
  const [tiles, setTiles] = useState<NudgeTilesState>(() => data.stored());
  const [loadingLive, setLoadingLive] = useState(false);
  const [activity, setActivity] = useState<RecentActivityItem[]>([]);
  const applied = useMemo(() => appliedOfferIds(activity), [activity]);
  const [refreshes, setRefreshes] = useState(0);
  const [offersOpen, setOffersOpen] = useState(false);
  const [applying, setApplying] = useState<NudgeOffer | undefined>();
  const [applyFailed, setApplyFailed] = useState(false);
  const [loggedOut, setLoggedOut] = useState(false);
  /** The "Get Credit Score" journey is under way: consent asked, then the pull. */
  const [pulling, setPulling] = useState(false);
  const tab = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  const focusOnOpen = useRef(false);

  // The overlay comes with a panel the customer opened. The panel that opens by itself on a new
  // visit leaves the page usable (no overlay): an invitation, not a wall in front of the page the
  // visitor came for; the tab and the check button still close it.
  const show = useCallback(
    (next: boolean, byUser = true) => {
      if (next) setOverlay(byUser && !pageScrollLocked(doc));
      focusOnOpen.current = next && byUser;
      if (next) setDismissed(false);
      setOpen(next);
    },
    [doc],
  );

  // The sign-on client and the visitor layer arrive when they are ready (either may never).
  useEffect(() => {
    let unsubscribe = () => {};
    let live = true;
    void context.signOn.then((client) => {
      if (!live || !client) return;
      setSignOn(client);
      setSession(client.session);
      unsubscribe = client.subscribe((snapshot) => setSession(snapshot.session));
    });
    void context.visitor.then((layer) => {
      if (live && layer) setVisitor(layer);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [context]);

  // spec 000 §4: initialNudgeState open on a new visit → open once, then close for later pages.
  const openedByItself = useRef(false);
  useEffect(() => {
    if (!visitor) return;
    const record = visitor.records.read();
    if (!record) return;
    if (record.initialNudgeState === 'open') {
      // spec 000 §4: one at a time; with the consent panel asking, the nudge waits for the next page.
      if (!mobile && !pageScrollLocked(doc) && !consentPanelIn(doc)) {
        show(true, false);
        openedByItself.current = true;
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
    setOpen(false);
    setDismissed(false);
  }, [mobile]);

  // Signed in: live tiles; signed out: stored ones (spec 000 §4).
  const customerId = session?.customerId;
  useEffect(() => {
    if (!signOn || !customerId) {
      setTiles(data.stored());
      return;
    }
    let live = true;
    setLoadingLive(true);
    void data
      .live(authorized(signOn))
      .then((next) => live && setTiles(next))
      .finally(() => live && setLoadingLive(false));
    return () => {
      live = false;
    };
  }, [signOn, customerId, data, refreshes]);

  useEffect(() => {
    if (!visitor) return;
    let live = true;
    visitor
      .recentActivity(context.recentActivity)
      .then((rows) => live && setActivity(rows))
      .catch(() => live && setActivity([]));
    return () => {
      live = false;
    };
  }, [visitor, context, refreshes]);

  // After signing out from the nudge, the next page shows the logout sheet once.
  useEffect(() => {
    if (!signOn || signOn.session) return;
    try {
      if (view.sessionStorage.getItem(SIGNED_OUT_FLAG) !== null) {
        view.sessionStorage.removeItem(SIGNED_OUT_FLAG);
        setLoggedOut(true);
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
        else if (command === 'toggle')
          setOpen((current) => (current ? false : (setOverlay(!pageScrollLocked(doc)), true)));
        else if (command === 'refresh') setRefreshes((count) => count + 1);
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

  const onTileAction: TileAction = (event: MouseEvent<HTMLElement>, target: string) => {
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
    if (mobile) setOpen(false);
    setOffersOpen(true);
  };

  async function apply(offer: NudgeOffer) {
    if (!signOn || !session) return;
    setOffersOpen(false);
    setApplying(offer);
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
      setApplying(undefined);
      setApplyFailed(true);
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
    setPulling(true);
    show(false);
    try {
      const status = await askConsent(CREDIT_REPORT_CONTRACT_ID).catch(() => 'failed');
      if (!['accepted', 'alreadyVerified', 'recorded', 'disabled'].includes(status)) {
        show(true); // Back where the customer was, the offer to check still there.
        return;
      }
      await data.pullScores(authorized(client));
      setRefreshes((count) => count + 1);
      show(true);
    } catch {
      setApplyFailed(true);
    } finally {
      setPulling(false);
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
    setApplyFailed(false);
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

  const scoreLoading = loadingLive && tiles.bureauTile.kind === 'getScore';
  const body = (
    <>
      <ScoreTileView
        tile={tiles.bureauTile}
        unavailable={tiles.scoreUnavailable === true}
        loading={scoreLoading}
        links={context.links}
        onAction={onTileAction}
        onGetScore={onGetScore}
        pulling={pulling}
      />
      {tiles.gucpaOffers ? (
        <OffersTileView tile={tiles.gucpaOffers} applied={applied} signedIn={signedIn} onView={onViewOffers} />
      ) : null}
      <RecentActivityView rows={activity} compact={mobile} onAction={onTileAction} />
    </>
  );
  const elementCount = 1 + (tiles.gucpaOffers ? 1 : 0) + (activity.length > 0 ? 1 : 0);
  const title = signedIn ? 'Your credit snapshot' : 'Your free credit snapshot';
  const summary = summaryOf(tiles, signedIn);
  const badge = tiles.gucpaOffers ? homeOfferLabel(tiles.gucpaOffers.total) : '';

  const onPanelKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    show(false);
    tab.current?.focus({ preventScroll: true });
  };

  const launcher = useRef<HTMLButtonElement>(null);
  const consentShown = useConsentPanelShown(doc);
  // One at a time (spec 000 §4): a panel that opened by itself steps aside when the consent panel
  // arrives after it (its check answers later), instead of both covering the first signed-in page.
  useEffect(() => {
    if (!consentShown || !openedByItself.current) return;
    openedByItself.current = false;
    setOpen(false);
  }, [consentShown]);
  // An open sheet stays open (the customer asked for it); a peek yields to the consent panel.
  const snap: SheetSnap = dismissed ? 'closed' : open ? 'open' : mobile && consentShown ? 'closed' : 'peek';
  const onSnapChange = (requested: SheetSnap, reason: SheetChangeReason) => {
    // spec 000 §4 "swipe down closes": one swipe down from open closes, not two (open → peek → closed).
    const next = reason === 'drag' && snap === 'open' && requested === 'peek' ? 'closed' : requested;
    setDismissed(next === 'closed');
    if (next === 'open') show(true);
    else setOpen(false);
  };

  return (
    <div className="nudge" data-signed-in={signedIn}>
      {mobile ? (
        <>
          <BottomSheet
            snap={snap}
            onSnapChange={onSnapChange}
            title={title}
            description={summary}
            // The hint is for the peek: once open, the tiles speak for themselves.
            peek={snap === 'open' ? undefined : <p className="peek-hint">{SWIPE_HINT}</p>}
            expandLabel="Show your score and offers"
            collapseLabel="Show less"
            closeLabel="Hide"
            className="nudge-sheet"
            // spec 000 §4: open is about 25vh for one element, 80vh (full height) for more.
            fullHeight={elementCount > 1}
            returnFocus={launcher}
          >
            <div className="sheet-body">{body}</div>
          </BottomSheet>
          {dismissed ? (
            <button ref={launcher} type="button" className="launcher" onClick={() => setDismissed(false)}>
              <SparkIcon />
              Your score & offers
            </button>
          ) : null}
        </>
      ) : (
        <>
          {open && overlay ? <div className="scrim" data-testid="nudge-overlay" onClick={() => show(false)} /> : null}
          <div className="dock" data-open={open} onKeyDown={onPanelKey}>
            <button
              ref={tab}
              type="button"
              className="tab"
              aria-expanded={open}
              aria-controls="nudge-panel"
              // Each close restarts the shake: the animation is removed while open (spec 000 §2).
              data-shake={!open}
              onClick={() => show(!open)}
            >
              <SparkIcon />
              {badge ? (
                <span className="tab-badge" aria-hidden="true">
                  {badge}
                </span>
              ) : null}
              <span className="tab-label">{open ? 'Hide' : 'Your score & offers'}</span>
              {badge ? <span className="pv-visually-hidden">, {summary}</span> : null}
            </button>
            <section
              ref={panel}
              id="nudge-panel"
              className="panel"
              aria-labelledby="nudge-title"
              tabIndex={-1}
              inert={!open}
            >
              <header className="panel-head">
                <h2 className="panel-title" id="nudge-title">
                  {title}
                </h2>
                <p className="panel-summary">{summary}</p>
                <button
                  type="button"
                  className="check"
                  aria-label="Done, hide this panel"
                  onClick={() => (show(false), tab.current?.focus())}
                >
                  <CheckIcon />
                </button>
              </header>
              <div className="panel-body">{body}</div>
              <footer className="panel-foot">
                {session ? (
                  <>
                    <span>Signed in as {maskMobile(session.mobileNo)}</span>
                    <button type="button" className="pv-button pv-button--link pv-button--sm" onClick={signOut}>
                      Log out
                    </button>
                  </>
                ) : (
                  <span>Your data is encrypted and never shared without your consent.</span>
                )}
              </footer>
            </section>
          </div>
        </>
      )}
      {offersOpen && tiles.gucpaOffers ? (
        <OffersModal
          offers={tiles.gucpaOffers.offers}
          applied={applied}
          total={tiles.gucpaOffers.total}
          offersPage={context.links.offers}
          onApply={(offer) => void apply(offer)}
          onClose={() => setOffersOpen(false)}
        />
      ) : null}
      {applying ? <FullScreenLoader label={`Taking you to ${applying.productName}…`} /> : null}
      {applyFailed ? <ErrorModal dashboard={context.links.dashboard} onClose={closeError} /> : null}
      {loggedOut ? (
        <LogoutSheet
          onClose={() => setLoggedOut(false)}
          onSignIn={() => {
            setLoggedOut(false);
            void signInThen(view.location.href);
          }}
        />
      ) : null}
    </div>
  );
}
