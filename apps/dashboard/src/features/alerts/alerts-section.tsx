import type { Bureau } from '@pravesh/core/constants.ts';
import type { CreditAlert, ScoreChangeExplained } from '@pravesh/core/credit-alerts/schemas.ts';
import { Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import { formatDate } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import {
  useAlertSegmentQuery,
  useAllAlertsQuery,
  useSubscribeBureauAlertsMutation,
  useUpdateAlertStateMutation,
} from './api.ts';
import './alerts.css';

/** Bureau names as customers know them (HIGHMARK is CRIF High Mark). */
const BUREAU_NAMES: Readonly<Record<Bureau, string>> = {
  CIBIL: 'CIBIL',
  EXPERIAN: 'Experian',
  HIGHMARK: 'CRIF High Mark',
  EQUIFAX: 'Equifax',
};

const IMPACT_LABELS = { POSITIVE: 'Helps your score', NEGATIVE: 'Can lower your score' } as const;

function Impact({ impact }: { impact: CreditAlert['impact'] }) {
  return (
    <span className={`ma-alert-impact ma-alert-impact--${impact.toLowerCase()}`}>
      <span aria-hidden="true">{impact === 'POSITIVE' ? '▲' : '▼'}</span> {IMPACT_LABELS[impact]}
    </span>
  );
}

/**
 * "Why your score changed" ("every score change explained"): the latest score move of
 * the customer's first bureau whose latest pull moved it, with the changes of that pull ranked,
 * those that pushed the score its way first. Built by the server from the same diff as the alerts.
 */
function ScoreChangeCard({ change }: { change: ScoreChangeExplained }) {
  const up = change.delta > 0;
  const points = Math.abs(change.delta);
  const bureau = BUREAU_NAMES[change.creditBureau];
  return (
    <section className="ma-card ma-section ma-why" aria-labelledby="why-title">
      <div className="ma-section-head">
        <h2 id="why-title">Why your score changed</h2>
        <span className="ma-chip">{bureau}</span>
      </div>
      <p className={`ma-why-delta ${up ? 'ma-delta--up' : 'ma-delta--down'}`}>
        <strong>
          {up ? 'Up' : 'Down'} {points} point{points === 1 ? '' : 's'}
        </strong>{' '}
        <span className="ma-muted">
          from {change.from} to {change.to}, in your {bureau} report of {formatDate(change.reportDate)}
        </span>
      </p>
      {change.reasons.length > 0 ? (
        <ol className="ma-why-reasons">
          {change.reasons.map((reason) => (
            <li key={reason.alertId}>
              <div>
                <h3>{reason.title}</h3>
                <p>{reason.explanation}</p>
              </div>
              <Impact impact={reason.impact} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="ma-muted">
          Nothing else changed on your report: bureaus also rescore as your accounts age and your payments are recorded.
        </p>
      )}
    </section>
  );
}

function AlertItem({ alert }: { alert: CreditAlert }) {
  const [update, state] = useUpdateAlertStateMutation();
  const unread = alert.readAt === null;
  return (
    <li className={unread ? 'ma-alert ma-alert--unread' : 'ma-alert'}>
      <div className="ma-alert-body">
        <h3>
          {unread ? <span className="ma-alert-dot" aria-hidden="true" /> : null}
          {alert.title}
          {unread ? <span className="pv-visually-hidden"> (new)</span> : null}
        </h3>
        <p>{alert.explanation}</p>
        <p className="ma-alert-meta">
          <Impact impact={alert.impact} />
          <span className="ma-muted">
            {BUREAU_NAMES[alert.creditBureau]} · {formatDate(alert.pulledAt)}
          </span>
        </p>
        {state.isError ? (
          <p className="ma-alert-failed" role="alert">
            We couldn’t update this alert. Please try again.
          </p>
        ) : null}
      </div>
      <div className="ma-alert-actions">
        {unread ? (
          <Button
            variant="secondary"
            size="sm"
            loading={state.isLoading}
            loadingLabel="Saving…"
            onClick={() => void update({ alertIds: [alert.alertId], state: 'READ' })}
          >
            Mark as read<span className="pv-visually-hidden">{`: ${alert.title}`}</span>
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void update({ alertIds: [alert.alertId], state: 'DISMISSED' })}
        >
          Dismiss<span className="pv-visually-hidden">{`: ${alert.title}`}</span>
        </Button>
      </div>
    </li>
  );
}

function Subscriptions({ bureaus }: { bureaus: readonly { creditBureau: Bureau; subscribed: boolean }[] }) {
  const [subscribe, state] = useSubscribeBureauAlertsMutation();
  if (bureaus.length === 0) return null;
  return (
    <fieldset className="ma-alert-subscriptions">
      <legend>Get alerts from</legend>
      {bureaus.map((entry) => (
        <label key={entry.creditBureau} className="ma-switch">
          <input
            type="checkbox"
            role="switch"
            checked={entry.subscribed}
            disabled={state.isLoading}
            onChange={(event) =>
              void subscribe({ creditBureau: entry.creditBureau, subscribe: event.currentTarget.checked })
            }
          />
          <span className="ma-switch-track" aria-hidden="true" />
          <span>{BUREAU_NAMES[entry.creditBureau]}</span>
        </label>
      ))}
      {state.isError ? (
        <p className="ma-alert-failed" role="alert">
          We couldn’t save your choice. Please try again.
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * Credit alerts on the dashboard (spec 001 §3 userAllAlerts / userAlertSegment, §7
 * creditAlerts): "Why your score changed" when the latest pull moved the score, then the alerts
 * with the unread count, mark as read, dismiss, and the per-bureau subscription switches; designed
 * loading, empty and error states.
 */
export function AlertsSection() {
  const segment = useAlertSegmentQuery();
  const alerts = useAllAlertsQuery();
  const [update, marking] = useUpdateAlertStateMutation();
  const unread = (alerts.data?.alerts ?? []).filter((alert) => alert.readAt === null);

  let body;
  if (alerts.isLoading || segment.isLoading) {
    body = (
      <SkeletonGroup label="Loading your credit alerts…" className="ma-stack">
        <Skeleton shape="text" width="70%" />
        <Skeleton shape="text" width="90%" />
        <Skeleton shape="text" width="50%" />
      </SkeletonGroup>
    );
  } else if (alerts.isError || segment.isError || !alerts.data) {
    body = (
      <div className="ma-empty ma-empty--compact">
        <div>
          <h3>We couldn’t load your alerts</h3>
          <p>Your credit report is safe. Please try again in a moment.</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void alerts.refetch();
            void segment.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else if (alerts.data.alerts.length === 0) {
    body = (
      <div className="ma-empty ma-empty--compact">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="bell" size={28} />
        </span>
        <div>
          <h3>No alerts right now</h3>
          <p>
            When your next credit report shows a new account, a lender’s enquiry, a missed payment or a change in your
            score, we’ll tell you here what changed and what it means.
          </p>
        </div>
      </div>
    );
  } else {
    body = (
      <ul className="ma-alerts" role="list">
        {alerts.data.alerts.map((alert) => (
          <AlertItem key={alert.alertId} alert={alert} />
        ))}
      </ul>
    );
  }

  const count = alerts.data?.unreadCount ?? 0;
  return (
    <>
      {segment.data?.scoreChange ? <ScoreChangeCard change={segment.data.scoreChange} /> : null}
      <section id="credit-alerts" className="ma-card ma-section" aria-labelledby="alerts-title">
        <div className="ma-section-head">
          <h2 id="alerts-title">
            Credit alerts
            {count > 0 ? (
              <span className="ma-alert-count">
                {count}
                <span className="pv-visually-hidden"> unread</span>
              </span>
            ) : null}
          </h2>
          {unread.length > 1 ? (
            <Button
              variant="link"
              size="sm"
              loading={marking.isLoading}
              loadingLabel="Saving…"
              onClick={() => void update({ alertIds: unread.map((alert) => alert.alertId), state: 'READ' })}
            >
              Mark all as read
            </Button>
          ) : null}
        </div>
        {body}
        {segment.data ? <Subscriptions bureaus={segment.data.bureaus} /> : null}
      </section>
    </>
  );
}
