import { QueryState } from '@pravesh/ui';
import { formatDate } from '../../lib/format.ts';
import { useSupportTicketsQuery } from './api.ts';

const STATUS_LABEL = { OPEN: 'Open', RESOLVED: 'Resolved' } as const;

/** The customer's own recent queries with their reference numbers (modules/support supportTickets). */
export function RecentQueries() {
  const tickets = useSupportTicketsQuery();
  return (
    <section className="sup-recent" aria-labelledby="sup-recent-title">
      <h2 id="sup-recent-title" className="ma-card-title">
        Your recent queries
      </h2>
      <QueryState
        query={tickets}
        loadingLabel="Loading your queries…"
        loadingClassName="ma-stack"
        errorTitle="We couldn’t load your queries"
        isEmpty={(data) => data.tickets.length === 0}
        empty={<p className="ma-muted">You haven’t sent us a query yet. Queries you send appear here.</p>}
      >
        {(data) => (
          <ul className="sup-tickets" role="list" aria-label="Your queries">
            {data.tickets.map((ticket) => (
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
        )}
      </QueryState>
    </section>
  );
}
