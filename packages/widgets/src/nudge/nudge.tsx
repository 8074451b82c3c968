import { BottomSheet, useSwipeToOpen } from '@pravesh/ui';
import { homeOfferCount, homeOfferLabel, offerCountText, type NudgeTilesState } from '@pravesh/sdk/nudge';
import { ErrorModal, FullScreenLoader, LogoutSheet, OffersModal } from './dialogs.tsx';
import { CheckIcon, SparkIcon } from './icons.tsx';
import { OffersTileView, RecentActivityView, ScoreTileView } from './tiles.tsx';
import { useNudge, type UseNudgeOptions } from './use-nudge.ts';

export { pageScrollLocked, SIGNED_OUT_FLAG, type CommandSource } from './use-nudge.ts';

/**
 * The nudge widget (spec 000 §2 "Nudge widget", §4 "Nudge state"). Desktop: a
 * right-side panel with a slide tab, open by default on a new visit, toggled by the tab, the
 * overlay or the check button; the closed tab shakes after 2 s for 6 s. Up to 767px: @pravesh/ui's
 * snapping BottomSheet — peek (the swipe hint, a non-modal region), open (a modal dialog, about
 * 25vh with one element, 80vh with more), closed (a launcher button brings it back, a swipe up on
 * it opens the sheet); its gestures (more than 20px, or a flick) and their
 * keyboard equivalents are the sheet's. Signed out it shows the stored tiles, and a tile
 * click closes the nudge, signs in (OTP when the mobile number is known, else the full journey)
 * and then goes where the tile pointed; signed in it fetches the live score and offers.
 * The state is nudge-state.ts, the effects and calls use-nudge.ts; this only renders.
 */

export const SWIPE_HINT = 'Exciting offers await you! Swipe up to explore.';

export type NudgeProps = UseNudgeOptions;

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

export function Nudge(props: NudgeProps) {
  const { context } = props;
  const nudge = useNudge(props);
  const { state, mobile, signedIn, applied, snap, tab, panel, launcher, show, onTileAction } = nudge;
  const { open, tiles, activity, session, applying } = state;
  const scoreLoading = state.loading && tiles.bureauTile.kind === 'getScore';
  const body = (
    <>
      <ScoreTileView
        tile={tiles.bureauTile}
        unavailable={tiles.scoreUnavailable === true}
        loading={scoreLoading}
        links={context.links}
        onAction={onTileAction}
        onGetScore={nudge.onGetScore}
        pulling={state.pulling}
      />
      {tiles.gucpaOffers ? (
        <OffersTileView tile={tiles.gucpaOffers} applied={applied} signedIn={signedIn} onView={nudge.onViewOffers} />
      ) : null}
      <RecentActivityView rows={activity} compact={mobile} onAction={onTileAction} />
    </>
  );
  const elementCount = 1 + (tiles.gucpaOffers ? 1 : 0) + (activity.length > 0 ? 1 : 0);
  const title = signedIn ? 'Your credit snapshot' : 'Your free credit snapshot';
  const summary = summaryOf(tiles, signedIn);
  const badge = tiles.gucpaOffers ? homeOfferLabel(tiles.gucpaOffers.total) : '';
  // spec 000 §4: from fully closed (height 0, inert) a swipe up of more than 20px opens the sheet;
  // the launcher is what of it can be touched.
  useSwipeToOpen(launcher, mobile && state.dismissed, () => nudge.onSnapChange('open', 'drag'));

  return (
    <div className="nudge" data-signed-in={signedIn}>
      {mobile ? (
        <>
          <BottomSheet
            snap={snap}
            onSnapChange={nudge.onSnapChange}
            title={title}
            description={summary}
            // The hint is for the peek: once open, the tiles speak for themselves.
            peek={snap === 'open' ? undefined : <p className="peek-hint">{SWIPE_HINT}</p>}
            expandLabel="Show your score and offers"
            collapseLabel="Show less"
            closeLabel="Hide"
            className="nudge-sheet"
            // spec 000 §4: open is about 25vh for one element, 80vh (full height) for more.
            oneElement={elementCount === 1}
            fullHeight={elementCount > 1}
            returnFocus={launcher}
          >
            <div className="sheet-body">{body}</div>
          </BottomSheet>
          {state.dismissed ? (
            <button ref={launcher} type="button" className="launcher" onClick={nudge.undismiss}>
              <SparkIcon />
              Your score & offers
            </button>
          ) : null}
        </>
      ) : (
        <>
          {open && state.overlay ? (
            <div className="scrim" data-testid="nudge-overlay" onClick={() => show(false)} />
          ) : null}
          <div className="dock" data-open={open} onKeyDown={nudge.onPanelKey}>
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
                    <button type="button" className="pv-button pv-button--link pv-button--sm" onClick={nudge.signOut}>
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
      {state.offersOpen && tiles.gucpaOffers ? (
        <OffersModal
          offers={tiles.gucpaOffers.offers}
          applied={applied}
          total={tiles.gucpaOffers.total}
          offersPage={context.links.offers}
          onApply={nudge.apply}
          onClose={nudge.closeOffers}
        />
      ) : null}
      {applying ? <FullScreenLoader label={`Taking you to ${applying.productName}…`} /> : null}
      {state.failed ? <ErrorModal dashboard={context.links.dashboard} onClose={nudge.closeError} /> : null}
      {state.loggedOut ? <LogoutSheet onClose={nudge.closeLogout} onSignIn={nudge.signInAgain} /> : null}
    </div>
  );
}
