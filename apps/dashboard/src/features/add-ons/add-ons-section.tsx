import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import type { AccountUserInformation, AddOnProductView } from '@pravesh/core/add-ons/schemas.ts';
import { formatDate } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { HEALTH_REPORT_PATH, useAccountUserInformationQuery, useAddOnTransactionsQuery } from './api.ts';
import { REASON_TEXT, STATUS_TEXT, formatPaise } from './copy.ts';
import { PurchaseDialog } from './purchase-dialog.tsx';
import './add-ons.css';

type Eligibility = AccountUserInformation[keyof AccountUserInformation];

/** The line under a card's summary that says what we found on the customer's report. */
function finding(key: keyof AccountUserInformation, info: AccountUserInformation): string | null {
  if (key === 'creditAdvisor' && info.creditAdvisor.isNewToCredit) {
    return 'You’re new to credit: an advisor helps you build a score from your first card or loan.';
  }
  if (key === 'collection' && info.collection.accountList.length > 0) {
    const count = info.collection.accountList.length;
    return `${count} ${count === 1 ? 'account is' : 'accounts are'} overdue on your report.`;
  }
  if (key === 'rectification') {
    const count = info.rectification.crosssellable.products.product.COLLECTIONS.subProductList.length;
    if (count > 0) return `${count} ${count === 1 ? 'entry' : 'entries'} on your report may be out of date.`;
  }
  return null;
}

/** The order the cards appear in: what most customers need first. */
const ORDER: readonly (keyof AccountUserInformation)[] = [
  'creditHealth',
  'creditAdvisor',
  'rectification',
  'collection',
];

function AddOnCard({
  item,
  note,
  onBuy,
}: {
  item: Eligibility;
  note: string | null;
  onBuy: (product: AddOnProductView) => void;
}) {
  const { product } = item;
  const headingId = `addon-${product.addOn}`;
  const paidAt = item.lastPaymentDetails?.paidAt;
  return (
    <li className="ma-addon" aria-labelledby={headingId}>
      <div className="ma-addon-head">
        <h3 id={headingId}>{product.name}</h3>
        {item.subscribed ? <span className="ma-addon-badge ma-addon-badge--active">Active</span> : null}
        {item.reason === 'PAYMENT_IN_PROGRESS' ? <span className="ma-addon-badge">Payment pending</span> : null}
      </div>
      <p className="ma-addon-summary">{product.summary}</p>
      {note && item.eligible ? <p className="ma-addon-note">{note}</p> : null}
      <div className="ma-addon-foot">
        {item.eligible ? (
          <>
            <p className="ma-addon-price">
              <strong>{formatPaise(product.price.amountPaise)}</strong> <span className="ma-muted">incl. GST</span>
            </p>
            <Button size="sm" onClick={() => onBuy(product)}>
              Buy now<span className="pv-visually-hidden"> {product.name}</span>
            </Button>
          </>
        ) : (
          <>
            <p className="ma-muted ma-addon-reason">
              {item.subscribed && paidAt ? `You bought this on ${formatDate(paidAt)}.` : REASON_TEXT[item.reason]}
            </p>
            {item.subscribed && product.addOn === 'CREDIT_HEALTH' ? (
              <Link className="pv-button pv-button--primary pv-button--sm" to={HEALTH_REPORT_PATH}>
                <span>Open your report</span>
              </Link>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

function Purchases() {
  const transactions = useAddOnTransactionsQuery();
  const list = transactions.data?.transactions ?? [];
  if (list.length === 0) return null;
  return (
    <div className="ma-addon-purchases">
      <h3>Your purchases</h3>
      <ul role="list">
        {list.map((purchase) => (
          <li key={purchase.purchaseId}>
            <span>
              {purchase.addOn === 'CREDIT_HEALTH' && purchase.status === 'SUCCESS' ? (
                <Link to={HEALTH_REPORT_PATH}>{purchase.name}</Link>
              ) : (
                purchase.name
              )}
            </span>
            <span className="ma-muted">{formatDate(purchase.createdAt)}</span>
            <span>{formatPaise(purchase.price.amountPaise)}</span>
            <span className={`ma-addon-status ma-addon-status--${purchase.status.toLowerCase()}`}>
              {STATUS_TEXT[purchase.status]}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Services for your credit": the four paid add-ons of spec 001 §1 with the server's eligibility
 * (§3, §4, §6 "decided by server flags"): buy when eligible, "Active" once bought, and otherwise
 * why not. Designed loading, error and empty states.
 */
export function AddOnsSection() {
  const info = useAccountUserInformationQuery();
  const [buying, setBuying] = useState<AddOnProductView | null>(null);
  let body;
  if (info.isLoading) {
    body = (
      <SkeletonGroup label="Loading services for you…" className="ma-addons">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="ma-addon">
            <Skeleton shape="text" width="60%" />
            <Skeleton shape="text" width="90%" />
            <Skeleton shape="text" width="40%" />
          </div>
        ))}
      </SkeletonGroup>
    );
  } else if (info.isError || !info.data) {
    body = (
      <div className="ma-empty ma-empty--compact">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="shield" size={28} />
        </span>
        <div>
          <h3>We couldn’t load these services</h3>
          <p>Please try again in a moment.</p>
          <Button size="sm" variant="secondary" onClick={() => void info.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  } else {
    const data = info.data;
    body = (
      <>
        <ul className="ma-addons" role="list">
          {ORDER.map((key) => (
            <AddOnCard key={key} item={data[key]} note={finding(key, data)} onBuy={setBuying} />
          ))}
        </ul>
        <Purchases />
      </>
    );
  }
  return (
    <section id="credit-services" className="ma-card ma-section" aria-labelledby="credit-services-title">
      <div className="ma-section-head">
        <h2 id="credit-services-title">Services for your credit</h2>
      </div>
      {body}
      {buying ? <PurchaseDialog product={buying} onClose={() => setBuying(null)} /> : null}
    </section>
  );
}
