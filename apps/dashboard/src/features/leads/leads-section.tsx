import { useId, useState } from 'react';
import { canContinueLead, canCustomerWithdraw } from '@pravesh/core/leads/lifecycle.ts';
import type { LeadView } from '@pravesh/core/leads/schemas.ts';
import { Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { formatDate } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { useLeadsQuery } from './api.ts';
import { LeadHistory } from './lead-history.tsx';
import { WithdrawLead } from './withdraw-lead.tsx';

/** Only http(s) links leave the page (a lead's continue URL comes from a partner). */
const safeLink = (url: string) => (/^https?:\/\//i.test(url) ? url : undefined);

/**
 * "Your applications": the customer's leads (spec 001 §3 account slice leadData) with the status
 * the leads service words for them, where to continue, each one's history, and the withdrawal of
 * one the lender has not decided; designed loading, empty and error states.
 */
export function LeadsSection() {
  const leads = useLeadsQuery();
  const [notice, setNotice] = useState('');
  let body;
  if (leads.isLoading) {
    body = (
      <SkeletonGroup label="Loading your applications…" className="ma-stack">
        <Skeleton shape="text" width="70%" />
        <Skeleton shape="text" width="50%" />
      </SkeletonGroup>
    );
  } else if (leads.isError) {
    body = <p className="ma-muted">We couldn’t load your applications just now. Please try again later.</p>;
  } else if (!leads.data || leads.data.leads.length === 0) {
    body = (
      <div className="ma-empty ma-empty--compact">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="receipt" size={28} />
        </span>
        <div>
          <h3>No applications yet</h3>
          <p>When you apply for a loan or a card through Kosh, you can follow it here until it’s approved.</p>
        </div>
      </div>
    );
  } else {
    body = (
      <ul className="ma-leads" role="list">
        {leads.data.leads.map((lead) => (
          <LeadItem key={lead.leadId} lead={lead} onWithdrawn={setNotice} />
        ))}
      </ul>
    );
  }
  return (
    <section id="applications" className="ma-card ma-section" aria-labelledby="applications-title">
      <div className="ma-section-head">
        <h2 id="applications-title">Your applications</h2>
      </div>
      <p role="status" className={notice ? 'ma-lead-notice' : 'pv-visually-hidden'}>
        {notice}
      </p>
      {body}
    </section>
  );
}

function LeadItem({ lead, onWithdrawn }: { lead: LeadView; onWithdrawn: (message: string) => void }) {
  const [showHistory, setShowHistory] = useState(false);
  const historyId = useId();
  const href = canContinueLead(lead.status) ? safeLink(lead.continueUrl) : undefined;
  return (
    <li className="ma-lead">
      <div>
        <h3>
          {lead.productName} · {lead.lenderName}
        </h3>
        <p className="ma-muted">
          {lead.nextStep} Updated {formatDate(lead.updatedAt)}.
        </p>
      </div>
      <span className="ma-lead-status">{lead.statusLabel}</span>
      <div className="ma-lead-actions">
        {href ? (
          <a className="pv-button pv-button--secondary pv-button--sm" href={href}>
            <span>
              Continue<span className="pv-visually-hidden"> your {lead.productName} application</span>
            </span>
          </a>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={showHistory}
          aria-controls={showHistory ? historyId : undefined}
          onClick={() => setShowHistory((shown) => !shown)}
        >
          {showHistory ? 'Hide history' : 'History'}
          <span className="pv-visually-hidden"> of your {lead.productName} application</span>
        </Button>
        {canCustomerWithdraw(lead.status) ? <WithdrawLead lead={lead} onWithdrawn={onWithdrawn} /> : null}
      </div>
      {showHistory ? <LeadHistory leadId={lead.leadId} id={historyId} /> : null}
    </li>
  );
}
