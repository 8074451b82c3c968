import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { formatDate } from '../../lib/format.ts';
import { useSupportTicketsQuery } from './api.ts';

const STATUS_LABEL = { OPEN: 'Open', RESOLVED: 'Resolved' } as const;

/** The customer's own recent queries with their reference numbers (modules/support supportTickets). */
export function RecentQueries() {
  const tickets = useSupportTicketsQuery();
  let body;
  if (tickets.isLoading) {
    body = (
      <SkeletonGroup label="Loading your queries…" className="ma-stack">
        <Skeleton shape="text" width="55%" />
        <Skeleton shape="text" width="40%" />
      </SkeletonGroup>
    );
  } else if (tickets.isError || !tickets.data) {
    body = (
      <Alert tone="error" title="We couldn’t load your queries">
        <p>Please check your connection and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void tickets.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (tickets.data.tickets.length === 0) {
    body = <p className="ma-muted">You haven’t sent us a query yet. Queries you send appear here.</p>;
  } else {
    body = (
      <ul className="sup-tickets" role="list" aria-label="Your queries">
        {tickets.data.tickets.map((ticket) => (
          <li key={ticket.reference} className="sup-ticket">
            <div className="sup-ticket-text">
              <h3 className="sup-ticket-subject">{ticket.subject}</h3>
              <p className="ma-muted">
                {ticket.productName} · {formatDate(ticket.createdAt)} ·{' '}
                <span className="sup-reference">{ticket.reference}</span>
              </p>
            </div>
            <span className={`sup-status sup-status--${ticket.status.toLowerCase()}`}>
              {STATUS_LABEL[ticket.status]}
            </span>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section className="sup-recent" aria-labelledby="sup-recent-title">
      <h2 id="sup-recent-title" className="ma-card-title">
        Your recent queries
      </h2>
      {body}
    </section>
  );
}
