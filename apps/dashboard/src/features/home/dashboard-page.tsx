import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useCustomerDetailsQuery } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { formatDate, greetingFor, maskMobile } from '../../lib/format.ts';
import { PageTitle } from '../layout/shell.tsx';
import { Icon } from '../layout/icons.tsx';
import { LeadsSection } from '../leads/leads-section.tsx';
import { ScoreSection } from '../scores/score-section.tsx';

function Greeting() {
  const userData = useAppSelector((state) => state.user.userData);
  const customerId = userData?.customerId ?? '';
  const details = useCustomerDetailsQuery(customerId, { skip: !customerId });
  const [now] = useState(() => new Date());
  return (
    <section className="ma-card ma-greeting" aria-labelledby="greeting-title">
      <div>
        <h2 id="greeting-title" className="ma-greeting-title">
          {greetingFor(now)}!
        </h2>
        <p className="ma-greeting-text">Here’s everything about your credit and applications, in one place.</p>
      </div>
      <dl className="ma-greeting-facts">
        <div>
          <dt>Mobile number</dt>
          <dd>{userData ? maskMobile(userData.mobileNo) : '—'}</dd>
        </div>
        <div>
          <dt>With Kosh since</dt>
          <dd>
            {details.data ? (
              formatDate(details.data.customerSince)
            ) : details.isError ? (
              '—'
            ) : (
              <SkeletonGroup label="Loading your details…">
                <Skeleton shape="text" width={120} />
              </SkeletonGroup>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export type SectionStatus = 'loading' | 'empty';

/** The offers section (issue 14's offers service fills it). */
export function OffersSection({ status }: { status: SectionStatus }) {
  return (
    <section id="offers" className="ma-card ma-section" aria-labelledby="offers-title" tabIndex={-1}>
      <div className="ma-section-head">
        <h2 id="offers-title">Offers for you</h2>
      </div>
      {status === 'loading' ? (
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
      ) : (
        <div className="ma-empty ma-empty--compact">
          <span className="ma-empty-icon" aria-hidden="true">
            <Icon name="receipt" size={28} />
          </span>
          <div>
            <h3>No offers to show yet</h3>
            <p>
              Once your credit profile is ready we match you with pre-approved loans, credit cards and insurance from
              our partner banks — with the rate and amount you’re likely to get.
            </p>
          </div>
        </div>
      )}
    </section>
  );
}

const SHORTCUTS = [
  { to: '/profile', label: 'Profile', text: 'Your number, email and details', icon: 'user' as const },
  { to: '/linked-accounts', label: 'Linked bank accounts', text: 'Balances and statements', icon: 'bank' as const },
  { to: '/support', label: 'Help and support', text: 'FAQs and ways to reach us', icon: 'help' as const },
];

/** The dashboard home (spec 001 §2 "dashboard: main dashboard"). */
export default function DashboardPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'dashboard', label: 'home', page: 'dashboard' });
  }, [services]);
  // The offers service (issue 14) has no route for My Account yet: the section shows its empty
  // state; its loading state is for the query that will fill it.
  const status: SectionStatus = 'empty';
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <Greeting />
      <div className="ma-grid">
        <ScoreSection />
        <OffersSection status={status} />
      </div>
      <LeadsSection />
      <nav className="ma-shortcuts" aria-label="Shortcuts">
        <ul role="list">
          {SHORTCUTS.map((shortcut) => (
            <li key={shortcut.to}>
              <Link
                to={shortcut.to}
                className="ma-shortcut"
                onClick={() =>
                  services.analytics.track({
                    action: 'clicked',
                    category: 'dashboard',
                    label: shortcut.label,
                    page: 'dashboard',
                  })
                }
              >
                <span className="ma-shortcut-icon" aria-hidden="true">
                  <Icon name={shortcut.icon} size={22} />
                </span>
                <span>
                  <strong>{shortcut.label}</strong>
                  <span>{shortcut.text}</span>
                </span>
                <Icon name="chevron" size={18} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
