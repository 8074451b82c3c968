import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Tabs } from '@pravesh/ui';
import { useServices } from '../../app/services.ts';
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

const FAQS = [
  {
    q: 'Does checking my credit score here lower it?',
    a: 'No. Checking your own score is a soft enquiry and never affects your score.',
  },
  {
    q: 'How often is my credit score updated?',
    a: 'Bureaus update your report when lenders report new information, usually once a month. You can refresh it for free.',
  },
  {
    q: 'Why is my score different across bureaus?',
    a: 'Each bureau gets data from lenders at different times and uses its own scoring model, so scores can differ a little.',
  },
];

function Faqs() {
  return (
    <div className="ma-faqs">
      {FAQS.map((faq) => (
        <details key={faq.q} className="ma-faq">
          <summary>{faq.q}</summary>
          <p>{faq.a}</p>
        </details>
      ))}
    </div>
  );
}

function ContactUs() {
  return (
    <dl className="ma-facts">
      <div>
        <dt>Call us (toll-free)</dt>
        <dd>
          <a href="tel:18002660000">1800 266 0000</a>, 9 am to 7 pm, Monday to Saturday
        </dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd>
          <a href="mailto:care@kosh.example.in">care@kosh.example.in</a>, we reply within one working day
        </dd>
      </div>
    </dl>
  );
}

/** spec 001 §2 support tabs: FAQs, Submit A Query, Contact Us, Communication Preferences, Consent Revocation. */
export function SupportPage() {
  usePageView('support');
  const location = useLocation();
  return (
    <>
      <PageTitle lede="Answers to common questions, and ways to reach us.">Help and support</PageTitle>
      <section className="ma-card">
        <Tabs
          label="Help topics"
          defaultSelectedId={location.hash === '#contact' ? 'contact' : 'faqs'}
          items={[
            { id: 'faqs', label: 'FAQs', panel: <Faqs /> },
            {
              id: 'query',
              label: 'Submit A Query',
              panel: (
                <p>
                  Write to <a href="mailto:care@kosh.example.in">care@kosh.example.in</a> from your registered email
                  with your question, and we’ll reply within one working day.
                </p>
              ),
            },
            { id: 'contact', label: 'Contact Us', panel: <ContactUs /> },
            {
              id: 'preferences',
              label: 'Communication Preferences',
              panel: (
                <p>
                  Manage how we reach you on the <Link to="/preferences">communication preferences</Link> page.
                </p>
              ),
            },
            {
              id: 'consent',
              label: 'Consent Revocation',
              panel: (
                <p>
                  See and revoke data-sharing consents on the <Link to="/consent-revocation">consents</Link> page.
                </p>
              ),
            },
          ]}
        />
      </section>
    </>
  );
}
