import { BottomSheet, Button, Modal, Spinner } from '@pravesh/ui';
import type { NudgeOffer } from '@pravesh/sdk/nudge';
import { OfferBadge } from './tiles.tsx';

/**
 * The nudge's overlays (spec 000 §2 "Pre-approved offers modal", "Error modal and loader",
 * "Logout widget"), each from @pravesh/ui's Modal or BottomSheet: focus moves in and back, Tab
 * stays inside, Esc closes.
 */

export const OFFERS_MODAL_TITLE = (count: number) =>
  `Congratulations! You have ${count} Exclusive Offer${count === 1 ? '' : 's'}`;

export function OffersModal({
  offers,
  applied,
  total,
  offersPage,
  onApply,
  onClose,
}: {
  /** At most 2 (spec 000 §9). */
  offers: readonly NudgeOffer[];
  /** Offers applied for show their status; applying again picks the application up where it was. */
  applied: ReadonlySet<string>;
  total: number;
  offersPage: string;
  onApply: (offer: NudgeOffer) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      title={OFFERS_MODAL_TITLE(total)}
      description="Pre-approved for you based on your credit profile. Applying won’t affect your credit score."
      onClose={onClose}
      className="offers-modal"
      actions={
        <a className="see-more" href={offersPage}>
          See More Offers
        </a>
      }
    >
      <ul className="offer-cards">
        {offers.map((offer) => (
          <li key={offer.offerId} className="offer-card">
            <div className="offer-card-head">
              <OfferBadge image={offer.productTypeImage} product={offer.product} name={offer.productType} />
              <div>
                <h3 className="tile-heading">{offer.productName}</h3>
                {/* The lender's name is text beside its mark: inside a small logo it was unreadable. */}
                {offer.partnerName || offer.partnerImage ? (
                  <p className="partner">
                    {offer.partnerImage ? <img src={offer.partnerImage} alt="" width={28} height={28} /> : null}
                    {offer.partnerName ? <span>by {offer.partnerName}</span> : null}
                  </p>
                ) : null}
              </div>
            </div>
            {offer.bannerTitle ? <p className="banner">{offer.bannerTitle}</p> : null}
            {offer.bullets.length > 0 ? (
              <ul className="bullets">
                {offer.bullets.map((bullet) => (
                  <li key={bullet}>{bullet}</li>
                ))}
              </ul>
            ) : null}
            {applied.has(offer.offerId) ? <p className="applied-note">You applied for this offer.</p> : null}
            <Button block onClick={() => onApply(offer)}>
              {applied.has(offer.offerId) ? 'Continue application' : 'Apply Now'}
              <span className="pv-visually-hidden"> for {offer.productName}</span>
            </Button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** spec 000 §2, §8: the error modal; the caller logs error_display_close when it closes. */
export function ErrorModal({ dashboard, onClose }: { dashboard: string; onClose: () => void }) {
  return (
    <Modal
      role="alertdialog"
      title="Unable to fetch details"
      description="Please try again after sometime."
      onClose={onClose}
      actions={
        <a className="pv-button pv-button--primary" href={dashboard}>
          Go to Dashboard
        </a>
      }
    />
  );
}

/** spec 000 §2 "A full-screen loader overlay exists": shown from Apply until the partner page loads. */
export function FullScreenLoader({ label }: { label: string }) {
  return (
    <div className="loader" role="status" aria-live="polite">
      <Spinner large />
      <span>{label}</span>
    </div>
  );
}

/** spec 000 §2 "Logout widget: bottom sheet, maximum height 80", after signing out from the nudge. */
export function LogoutSheet({ onSignIn, onClose }: { onSignIn: () => void; onClose: () => void }) {
  return (
    <BottomSheet
      title="You’ve signed out"
      description="Your score and offers are safe. Sign in again to see the latest."
      onClose={onClose}
      className="logout-sheet"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          <Button onClick={onSignIn}>Sign in again</Button>
        </>
      }
    />
  );
}
