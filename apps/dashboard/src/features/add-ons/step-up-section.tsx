import { Skeleton, SkeletonGroup } from '@pravesh/ui';
import { formatDate, formatRupees } from '../../lib/format.ts';
import { useStepUpCardQuery } from './api.ts';
import './add-ons.css';

/**
 * The step-up card (spec 001 §3 stepUpCardDetails, §7 getStepUpCardDetails): a secured-card
 * holder's progress towards a card without a deposit. Customers without a secured card see a short
 * explanation instead of an empty box.
 */
export function StepUpSection() {
  const stepUp = useStepUpCardQuery();
  let body;
  if (stepUp.isLoading) {
    body = (
      <SkeletonGroup label="Loading your card upgrade…" className="ma-stack">
        <Skeleton shape="text" width="60%" />
        <Skeleton shape="text" width="80%" />
      </SkeletonGroup>
    );
  } else if (stepUp.isError || !stepUp.data) {
    body = <p className="ma-muted">We couldn’t check your card upgrade just now. Please try again later.</p>;
  } else if (!stepUp.data.hasSecuredCard || !stepUp.data.securedCard || !stepUp.data.stepUp) {
    body = (
      <p className="ma-muted">
        Have a credit card against a fixed deposit? After 6 months of on-time payments you can move up to a card that
        needs no deposit. We’ll show your progress here.
      </p>
    );
  } else {
    const { securedCard, stepUp: next } = stepUp.data;
    const offer = next.offer;
    const held = Math.min(next.monthsHeld, next.monthsRequired);
    body = (
      <>
        <p>
          You’ve held your <strong>{securedCard.productName}</strong> since {formatDate(securedCard.issuedAt)}.
        </p>
        <div className="ma-stepup-progress">
          <progress
            max={next.monthsRequired}
            value={held}
            aria-label={`${held} of ${next.monthsRequired} months towards your card upgrade`}
          />
          <span className="ma-muted">
            {held} of {next.monthsRequired} months
          </span>
        </div>
        {next.eligible && offer ? (
          <div className="ma-stepup-offer">
            <h3>You can now upgrade to the {offer.productName}</h3>
            <p className="ma-muted">
              From {offer.lenderName}
              {offer.creditLimit ? `, with a limit of up to ${formatRupees(offer.creditLimit.max)}` : ''}. No deposit
              needed.
            </p>
            <ul className="ma-stepup-bullets">
              {offer.bullets.slice(0, 3).map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="ma-muted">
            {next.reason === 'HOLD_LONGER'
              ? `${next.monthsRemaining} more ${next.monthsRemaining === 1 ? 'month' : 'months'} of on-time payments and you can upgrade to a card without a deposit.`
              : next.reason === 'SCORE_TOO_LOW'
                ? 'Keep paying on time: once your score improves you can upgrade to a card without a deposit.'
                : 'No upgrade card is available right now. We’ll let you know when there is one.'}
          </p>
        )}
      </>
    );
  }
  return (
    <section id="step-up-card" className="ma-card ma-section" aria-labelledby="step-up-title">
      <div className="ma-section-head">
        <h2 id="step-up-title">Upgrade your credit card</h2>
      </div>
      {body}
    </section>
  );
}
