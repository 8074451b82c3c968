import type { AppShellPage } from '@pravesh/core/my-account/app-shell.ts';
import { Icon } from './icons.tsx';

/**
 * The page frame My Account shows before it knows anything about the customer (spec 001 §2 "While
 * loading, a full-page skeleton is shown"): the real header, menu and page layout, with grey
 * placeholders where customer data will go. The build writes it into index.html
 * (build/app-shell.ts), so it paints as soon as the HTML arrives, long before the scripts on a
 * slow phone (bench/dashboard-page.ts); the layout guard renders the same component while it checks
 * the session, so the page does not change when React takes over.
 *
 * On the dashboard it also shows what is the same for every customer: the page title, the greeting
 * card's sentence and the score card's heading. Sizes are classes, never style attributes: the
 * static copy lives under a CSP without 'unsafe-inline'. Everything but the status is hidden from
 * assistive technology: it is a picture of the page to come, with nothing to read or press yet.
 */

export const SHELL_LABEL = 'Opening your account…';

/** The dashboard's words that are the same for every customer: the shell and the page both use these. */
export const DASHBOARD_TEXT = {
  title: 'Dashboard',
  greeting: 'Here’s everything about your credit and applications, in one place.',
  mobileNumber: 'Mobile number',
  customerSince: 'With Kosh since',
  scoreTitle: 'Your credit score',
  scoreChip: 'Free · won’t affect your score',
} as const;

function Placeholder({ className }: { className: string }) {
  return <span className={`pv-skeleton ${className}`} aria-hidden="true" />;
}

function DashboardMain() {
  return (
    <>
      <div className="ma-page-head">
        <h1 className="ma-page-title">{DASHBOARD_TEXT.title}</h1>
      </div>
      <section className="ma-card ma-greeting">
        <div>
          <Placeholder className="ma-shell-greeting-title" />
          <p className="ma-greeting-text">{DASHBOARD_TEXT.greeting}</p>
        </div>
        <dl className="ma-greeting-facts">
          <div>
            <dt>{DASHBOARD_TEXT.mobileNumber}</dt>
            <dd>
              <Placeholder className="ma-shell-fact" />
            </dd>
          </div>
          <div>
            <dt>{DASHBOARD_TEXT.customerSince}</dt>
            <dd>
              <Placeholder className="ma-shell-fact" />
            </dd>
          </div>
        </dl>
      </section>
      <div className="ma-grid">
        <section className="ma-card ma-section">
          <div className="ma-section-head">
            <h2>{DASHBOARD_TEXT.scoreTitle}</h2>
            <span className="ma-chip">{DASHBOARD_TEXT.scoreChip}</span>
          </div>
          <div className="ma-shell-score">
            <Placeholder className="pv-skeleton--circle ma-shell-gauge" />
            <div className="ma-shell-lines">
              <Placeholder className="pv-skeleton--text ma-shell-line-60" />
              <Placeholder className="pv-skeleton--text ma-shell-line-80" />
              <Placeholder className="pv-skeleton--text ma-shell-line-40" />
            </div>
          </div>
        </section>
        <Placeholder className="ma-shell-card" />
      </div>
    </>
  );
}

function PageMain() {
  return (
    <>
      <Placeholder className="ma-shell-title" />
      <Placeholder className="pv-skeleton--text ma-shell-line-60" />
      <div className="ma-grid">
        <Placeholder className="ma-shell-card" />
        <Placeholder className="ma-shell-card" />
      </div>
      <Placeholder className="ma-shell-card ma-shell-card--low" />
    </>
  );
}

export function AppShellSkeleton({ page }: { page: AppShellPage }) {
  return (
    <div className="ma-shell ma-shell--standard" aria-busy="true">
      <span className="pv-visually-hidden" role="status">
        {SHELL_LABEL}
      </span>
      {/* A picture of the page, not the page: assistive technology hears the status above only. */}
      <header className="ma-header" aria-hidden="true">
        <div className="ma-header-inner">
          <span className="ma-menu-toggle">
            <Icon name="menu" size={22} />
          </span>
          <span className="ma-brand">
            <span className="ma-brand-mark" aria-hidden="true">
              K
            </span>
            <span className="ma-brand-name">Kosh</span>
            <span className="ma-brand-product">My Account</span>
          </span>
          <div className="ma-header-account">
            <Placeholder className="ma-shell-button" />
          </div>
        </div>
      </header>
      <div className="ma-body" aria-hidden="true">
        <div className="ma-sidebar ma-shell-menu">
          {Array.from({ length: 7 }, (_, i) => (
            <Placeholder key={i} className="pv-skeleton--text ma-shell-line-80" />
          ))}
        </div>
        <div className="ma-main">{page === 'dashboard' ? <DashboardMain /> : <PageMain />}</div>
      </div>
    </div>
  );
}
