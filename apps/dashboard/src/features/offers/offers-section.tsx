import { useState } from 'react';
import { Button, Skeleton, SkeletonGroup, Tabs, type TabItem } from '@pravesh/ui';
import { flattenOffers } from '@pravesh/core/offers/answers.ts';
import { isLoanProduct, statementSegments } from '@pravesh/core/offers/routes.ts';
import type { Offer } from '@pravesh/core/offers/schemas.ts';
import { useServices } from '../../app/services.ts';
import { Icon } from '../../layout/icons.tsx';
import { usePersonalizedOffersQuery, usePreApprovedOffersQuery } from './api.ts';
import { OfferDialog } from './offer-dialog.tsx';
import './offers.css';

/** The section's groups (spec 001 §1 "loan, card and insurance offers"), in this order. */
export type OfferGroup = 'loans' | 'cards' | 'insurance';

export const GROUP_LABELS: Readonly<Record<OfferGroup, string>> = {
  loans: 'Loans',
  cards: 'Credit cards',
  insurance: 'Insurance',
};

/** Which group an offer belongs to: loans carry a KFS, cards card terms, anything else is cover. */
export function groupOf(offer: Offer): OfferGroup {
  if (isLoanProduct(offer.productType)) return 'loans';
  if (offer.productType === 'CC') return 'cards';
  return 'insurance';
}

/** statementText with its ^^ segments (spec 000 §3): every other segment is the figure to stress. */
function Statement({ text }: { text: string }) {
  if (statementSegments(text).length === 0) return null;
  return (
    <p className="ma-offer-statement">
      {text
        .split('^^')
        .map((segment, index) =>
          index % 2 === 1 ? <strong key={index}>{segment.trim()}</strong> : <span key={index}>{segment}</span>,
        )}
    </p>
  );
}

function OfferCard({ offer, onOpen }: { offer: Offer; onOpen: (offer: Offer) => void }) {
  const headingId = `offer-${offer.offerId}`;
  return (
    <li className="ma-offer" aria-labelledby={headingId}>
      <div className="ma-offer-head">
        <img className="ma-offer-logo" src={offer.imageUrl.partnerImage} alt="" width={44} height={44} loading="lazy" />
        <div>
          <p className="ma-offer-lender">{offer.lender.name}</p>
          <h4 id={headingId} className="ma-offer-name">
            {offer.productName}
          </h4>
        </div>
      </div>
      <Statement text={offer.statement.statementText} />
      <ul className="ma-offer-bullets">
        {offer.features.shortDescriptionApp.slice(0, 2).map((bullet) => (
          <li key={bullet}>{bullet}</li>
        ))}
      </ul>
      <Button size="sm" variant="secondary" className="ma-offer-cta" onClick={() => onOpen(offer)}>
        View details<span className="pv-visually-hidden"> of {offer.productName}</span>
      </Button>
    </li>
  );
}

/**
 * The offers banner (spec 001 §3 offersBanner; spec 000 §2 "Congratulations! You have {n}
 * Exclusive Offers") from the personalisation fetch. When that fetch fails the banner is left out
 * (spec 000 §8: a failing offers tile is hidden), the list below still shows.
 */
function OffersBanner({ fallbackCount }: { fallbackCount: number }) {
  const personalized = usePersonalizedOffersQuery();
  const count = personalized.data?.totalOffers ?? (personalized.isError ? 0 : fallbackCount);
  if (count === 0 || personalized.isLoading) return null;
  return (
    <div className="ma-offers-banner" data-ma-blur="banner">
      <span className="ma-offers-banner-icon" aria-hidden="true">
        <Icon name="shield" size={22} />
      </span>
      <div>
        <p className="ma-offers-banner-title">
          Congratulations! You have {count} exclusive {count === 1 ? 'offer' : 'offers'}
        </p>
        <p className="ma-offers-banner-text">
          Picked for your credit profile. Checking them doesn’t affect your credit score.
        </p>
      </div>
    </div>
  );
}

function Loading() {
  return (
    <SkeletonGroup label="Loading your offers…" className="ma-offer-skeleton">
      {[0, 1].map((i) => (
        <div key={i} className="ma-offer-skeleton-row">
          <Skeleton shape="circle" width={40} height={40} />
          <div className="ma-stack">
            <Skeleton shape="text" width="50%" />
            <Skeleton shape="text" width="75%" />
          </div>
        </div>
      ))}
    </SkeletonGroup>
  );
}

/**
 * "Offers for you" (spec 001 §3 offer slice: preApprovedOffers, personalizedOffers,
 * insuranceOffers, offersBanner, selectedOfferData): the pre-approved offers from getOffers in
 * product groups, each opening its Key Facts Statement and the apply. Designed loading, empty
 * (a customer with no bureau data, or none matched) and error states.
 */
export function OffersSection() {
  const services = useServices();
  const offers = usePreApprovedOffersQuery();
  const [selected, setSelected] = useState<Offer | null>(null);
  const [group, setGroup] = useState<OfferGroup | undefined>(undefined);

  const open = (offer: Offer) => {
    services.analytics.track({ action: 'clicked', category: 'offers', label: offer.productType, page: 'dashboard' });
    setSelected(offer);
  };

  let body;
  const all = offers.data ? flattenOffers(offers.data) : [];
  if (offers.isLoading) {
    body = <Loading />;
  } else if (offers.isError) {
    body = (
      <div className="ma-empty ma-empty--compact">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="receipt" size={28} />
        </span>
        <div>
          <h3>Unable to fetch your offers</h3>
          <p>Please try again after sometime.</p>
          <Button
            size="sm"
            variant="secondary"
            className="ma-empty-action"
            onClick={() => void offers.refetch()}
            loading={offers.isFetching}
          >
            Try again
          </Button>
        </div>
      </div>
    );
  } else if (all.length === 0) {
    body = (
      <div className="ma-empty ma-empty--compact">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="receipt" size={28} />
        </span>
        <div>
          <h3>No offers to show yet</h3>
          <p>
            Once your credit profile is ready we match you with pre-approved loans, credit cards and insurance from our
            partner banks — with the rate and amount you’re likely to get.
          </p>
        </div>
      </div>
    );
  } else {
    const groups = (['loans', 'cards', 'insurance'] as const)
      .map((id) => ({ id, offers: all.filter((offer) => groupOf(offer) === id) }))
      .filter((entry) => entry.offers.length > 0);
    const list = (items: Offer[]) => (
      <ul className="ma-offers" role="list">
        {items.map((offer) => (
          <OfferCard key={offer.offerId} offer={offer} onOpen={open} />
        ))}
      </ul>
    );
    const tabs: TabItem[] = groups.map((entry) => ({
      id: entry.id,
      label: `${GROUP_LABELS[entry.id]} (${entry.offers.length})`,
      panel: list(entry.offers),
    }));
    body = (
      <>
        <OffersBanner fallbackCount={all.length} />
        {groups.length === 1 ? (
          <>
            <h3 className="ma-offers-group-title">{GROUP_LABELS[groups[0]!.id]}</h3>
            {list(groups[0]!.offers)}
          </>
        ) : (
          <Tabs
            className="ma-offers-tabs"
            items={tabs}
            label="Offers by product"
            selectedId={group ?? groups[0]!.id}
            onSelect={(id) => setGroup(id as OfferGroup)}
          />
        )}
      </>
    );
  }

  return (
    <section id="offers" className="ma-card ma-section" aria-labelledby="offers-title" tabIndex={-1}>
      <div className="ma-section-head">
        <h2 id="offers-title">Offers for you</h2>
      </div>
      {body}
      {selected ? <OfferDialog offer={selected} onClose={() => setSelected(null)} /> : null}
    </section>
  );
}
