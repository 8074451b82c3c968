import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useCustomerDetailsQuery } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { formatDate, maskMobile } from '../../lib/format.ts';
import { Icon } from '../layout/icons.tsx';
import type { IconName } from '../layout/menu.ts';
import { PageTitle } from '../layout/shell.tsx';

/** A viewed event per screen (spec 001 §7: viewed → virtualPageview). */
function usePageView(page: string) {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: page, page });
  }, [services, page]);
}

function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="ma-card ma-empty ma-empty--page">
      <span className="ma-empty-icon" aria-hidden="true">
        <Icon name={icon} size={32} />
      </span>
      <div>
        <h2>{title}</h2>
        <p>{children}</p>
        {action ? <div className="ma-empty-action">{action}</div> : null}
      </div>
    </section>
  );
}

function Details() {
  const userData = useAppSelector((state) => state.user.userData);
  const details = useCustomerDetailsQuery(userData?.customerId ?? '', { skip: !userData });
  if (details.isLoading || (!details.data && !details.isError)) {
    return (
      <SkeletonGroup label="Loading your details…" className="ma-card ma-stack">
        <Skeleton shape="text" width="40%" />
        <Skeleton shape="text" width="60%" />
        <Skeleton shape="text" width="30%" />
      </SkeletonGroup>
    );
  }
  if (!details.data) {
    return (
      <EmptyState icon="user" title="We couldn’t load your details">
        Something went wrong! Please try again later
      </EmptyState>
    );
  }
  return (
    <section className="ma-card" aria-labelledby="contact-title">
      <h2 id="contact-title" className="ma-card-title">
        Contact details
      </h2>
      <dl className="ma-facts">
        <div>
          <dt>Mobile number</dt>
          <dd>{maskMobile(details.data.mobileNo)}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{details.data.email ?? 'Not added yet'}</dd>
        </div>
        <div>
          <dt>With Kosh since</dt>
          <dd>{formatDate(details.data.customerSince)}</dd>
        </div>
      </dl>
    </section>
  );
}

export function ProfilePage() {
  usePageView('profile');
  return (
    <>
      <PageTitle lede="The details we use to keep your account secure.">Profile</PageTitle>
      <Details />
    </>
  );
}

export function PersonalDetailsPage() {
  usePageView('personal-details');
  return (
    <>
      <PageTitle lede="Your income and work help us match offers you’re likely to get.">Personal details</PageTitle>
      <EmptyState icon="id" title="No personal details added yet">
        When you apply for a loan or card through Kosh, the details you share — employment type, monthly income and city
        — are kept here so you don’t have to enter them again.
      </EmptyState>
    </>
  );
}

export function LinkedAccountsPage() {
  usePageView('linked-accounts');
  return (
    <>
      <PageTitle lede="See balances and transactions of your bank accounts, with your consent.">
        Linked bank accounts
      </PageTitle>
      <EmptyState
        icon="bank"
        title="No bank accounts linked yet"
        action={
          <Link className="pv-button pv-button--primary" to="/account-aggregator">
            <span>Link a bank account</span>
          </Link>
        }
      >
        Link your savings and current accounts through FINVU, an RBI-licensed account aggregator. You choose what to
        share and can revoke consent at any time.
      </EmptyState>
    </>
  );
}

export function LinkedAccountDetailsPage() {
  usePageView('linked-accounts-details');
  return (
    <>
      <PageTitle>Account transactions</PageTitle>
      <EmptyState icon="bank" title="No transactions to show">
        Transactions appear here once a bank account is linked and its data has been fetched.
      </EmptyState>
    </>
  );
}

const AA_STEPS = [
  'Verify your mobile number',
  'Select your bank',
  'Choose the account type',
  'Review what you share',
  'Approve with the OTP from FINVU',
];

export function AccountAggregatorPage() {
  usePageView('account-aggregator');
  return (
    <>
      <PageTitle lede="All your bank balances and spends in one view, shared securely with your consent.">
        Link your bank accounts
      </PageTitle>
      <section className="ma-card" aria-labelledby="aa-steps">
        <h2 id="aa-steps" className="ma-card-title">
          How it works
        </h2>
        <ol className="ma-steps">
          {AA_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="ma-muted">
          Account linking is opening to customers in phases. We’ll let you know by SMS as soon as it’s available on your
          account.
        </p>
        <Link className="pv-button pv-button--secondary" to="/dashboard">
          <span>Back to dashboard</span>
        </Link>
      </section>
    </>
  );
}

export function StatementPage() {
  usePageView('account-aggregator-statement');
  return (
    <>
      <PageTitle lede="Download statements of your linked accounts for the last 1, 2 or 3 months.">
        Statements
      </PageTitle>
      <EmptyState icon="receipt" title="No statements yet">
        Statements can be downloaded as PDF once a bank account is linked.
      </EmptyState>
    </>
  );
}
