import type { WalletProtectionPolicy } from '@pravesh/core/holdings/schemas.ts';
import { formatDate } from '../../lib/format.ts';
import { useWalletProtectionQuery } from './api.ts';
import { CardError, CardLoading, HoldingCard, ProductLink, rupees } from './holding-card.tsx';

const BADGE = {
  ACTIVE: { text: 'Active', tone: 'success' },
  RENEWAL_DUE: { text: 'Renew soon', tone: 'warning' },
  EXPIRED: { text: 'Expired', tone: 'danger' },
} as const;

function renewalText(policy: WalletProtectionPolicy): string {
  const days = policy.daysToRenewal;
  if (policy.status === 'EXPIRED')
    return `Your cover ended on ${formatDate(policy.endDate)}. Renew to be protected again.`;
  if (policy.status === 'RENEWAL_DUE') {
    const when = days === 0 ? 'today' : `in ${days} ${days === 1 ? 'day' : 'days'}`;
    return `Your cover ends ${when}, on ${formatDate(policy.endDate)}. Renew now to stay protected.`;
  }
  return `Renews on ${formatDate(policy.endDate)}`;
}

function Policy({ policy }: { policy: WalletProtectionPolicy }) {
  return (
    <>
      <p className="hold-figure-label">
        {policy.planName} · {policy.insurerName}
      </p>
      <p className="hold-figure">
        {rupees(policy.coverPaise)} <span className="hold-figure-unit">cover</span>
      </p>
      <p className={`hold-line${policy.status === 'ACTIVE' ? '' : ` hold-line--${BADGE[policy.status].tone}`}`}>
        {renewalText(policy)}
      </p>
      <ul role="list" className="hold-benefits">
        {policy.benefits.slice(0, 3).map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <p className="ma-muted hold-small">
        Policy {policy.policyNumber} · {policy.cardsCovered} {policy.cardsCovered === 1 ? 'card' : 'cards'} covered ·{' '}
        {rupees(policy.premiumPaise)} a year
      </p>
    </>
  );
}

/** spec 001 §3 walletProtectionData, §9 redirect target "wallet protect": the policy and its renewal. */
export function WalletProtectionCard() {
  const details = useWalletProtectionQuery();
  const data = details.data;
  const policy = data?.policy ?? null;
  let body;
  let action;
  if (details.isLoading) body = <CardLoading label="Loading your wallet protection…" />;
  else if (details.isError || !data) {
    body = <CardError what="your wallet protection" onRetry={() => void details.refetch()} />;
  } else if (policy) {
    body = <Policy policy={policy} />;
    action =
      policy.status === 'ACTIVE' ? (
        <ProductLink href={data.manageUrl} label="Manage policy" hidden="for wallet protection" track="wallet manage" />
      ) : (
        <ProductLink
          href={data.manageUrl}
          label="Renew now"
          hidden="your wallet protection"
          primary
          track="wallet renew"
        />
      );
  } else {
    body = (
      <>
        <p className="hold-lead">Lost your wallet? One call blocks every card</p>
        <p className="ma-muted">
          Wallet protection covers fraudulent spends on lost or stolen cards and helps with emergency travel and hotel
          bills.
        </p>
      </>
    );
    action = (
      <ProductLink
        href={data.manageUrl}
        label="See plans"
        hidden="for wallet protection"
        primary
        track="wallet plans"
      />
    );
  }
  return (
    <HoldingCard
      id="wallet-protection"
      title="Wallet protection"
      icon="wallet"
      badge={policy ? BADGE[policy.status] : undefined}
      action={action}
    >
      {body}
    </HoldingCard>
  );
}
