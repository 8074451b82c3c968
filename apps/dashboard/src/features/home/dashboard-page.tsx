import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Skeleton, SkeletonGroup } from '@pravesh/ui';
import { useCustomerDetailsQuery } from '../../app/api.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { formatDate, greetingFor, maskMobile } from '../../lib/format.ts';
import { DASHBOARD_TEXT } from '../../layout/app-shell-skeleton.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { Icon } from '../../layout/icons.tsx';
import { AddOnsSection } from '../add-ons/index.ts';
import { BalanceBanner } from '../aggregator/index.ts';
import { StepUpSection } from '../add-ons/index.ts';
import { AlertsSection } from '../alerts/index.ts';
import { HoldingsSection } from '../holdings/index.ts';
import { ProductsSection } from '../products/index.ts';
import { LeadsSection } from '../leads/index.ts';
import { OffersSection } from '../offers/index.ts';
import { ScoreSection } from '../scores/index.ts';

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
        <p className="ma-greeting-text">{DASHBOARD_TEXT.greeting}</p>
      </div>
      <dl className="ma-greeting-facts">
        <div>
          <dt>{DASHBOARD_TEXT.mobileNumber}</dt>
          <dd>{userData ? maskMobile(userData.mobileNo) : '—'}</dd>
        </div>
        <div>
          <dt>{DASHBOARD_TEXT.customerSince}</dt>
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
  return (
    <>
      <PageTitle>{DASHBOARD_TEXT.title}</PageTitle>
      <Greeting />
      <div className="ma-grid">
        <ScoreSection />
        <OffersSection />
      </div>
      <BalanceBanner />
      <AlertsSection />
      <LeadsSection />
      <HoldingsSection />
      <AddOnsSection />
      <StepUpSection />
      <ProductsSection />
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
