import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Skeleton, SkeletonGroup, Tabs } from '@pravesh/ui';
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
