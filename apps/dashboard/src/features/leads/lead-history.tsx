import { LEAD_STATUS_LABELS } from '@pravesh/core/leads/lifecycle.ts';
import { Skeleton } from '@pravesh/ui';
import { formatDate } from '../../lib/format.ts';
import { useLeadDetailsQuery } from './api.ts';

/** A lead's status history, oldest first (spec 001 §3 leadDetails, myAccount/getUpdatedLeadDetails). */
export function LeadHistory({ leadId, id }: { leadId: string; id: string }) {
  const details = useLeadDetailsQuery(leadId);
  if (details.isLoading) {
    return (
      <div id={id} className="ma-lead-history">
        <Skeleton shape="text" width="60%" />
      </div>
    );
  }
  if (!details.data) {
    return (
      <p id={id} className="ma-muted ma-lead-history">
        We couldn’t load this application’s history just now. Please try again later.
      </p>
    );
  }
  return (
    <ol id={id} className="ma-lead-history" aria-label="Application history">
      {details.data.history.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <span className="ma-lead-history-status">{LEAD_STATUS_LABELS[entry.status]}</span>
          <span className="ma-muted">{formatDate(entry.at)}</span>
        </li>
      ))}
    </ol>
  );
}
