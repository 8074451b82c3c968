import { QueryState } from '@pravesh/ui';
import { SUPPORT_CONTACT } from '@pravesh/core/support/contact.ts';
import type { AccountActivityItem } from '@pravesh/core/self-service/schemas.ts';
import { Icon } from '../../layout/icons.tsx';
import { useAccountActivityQuery } from './api.ts';
import { formatWhen } from './format.ts';

/** What each event says; the detail arrives masked from the server. */
function describe(item: AccountActivityItem): { title: string; note: string } {
  switch (item.kind) {
    case 'mobileChanged':
      return {
        title: `Mobile number changed to ${item.detail ?? 'a new number'}`,
        note: 'We signed out your other devices and sent a notice to your previous number.',
      };
    case 'emailChanged':
      return {
        title: `Email changed to ${item.detail ?? 'a new address'}`,
        note: 'We signed out your other devices and sent a notice to your mobile number.',
      };
    case 'deviceSignedOut':
      return { title: `${item.detail ?? 'A device'} signed out`, note: 'Signed out from this page.' };
    case 'dataExportRequested':
      return { title: 'You asked for a copy of your data', note: 'From Your data.' };
    case 'dataExportReady':
      return { title: 'Your data copy was ready to download', note: 'Available for 7 days on Your data.' };
    case 'accountDeletionRequested':
      return {
        title: 'You asked us to delete your account',
        note: 'You can cancel on Your data until the date shown.',
      };
    case 'accountDeletionCancelled':
      return { title: 'You cancelled the account deletion', note: 'Your account stays as it is.' };
  }
}

/**
 * Recent account activity (spec 001 §2 active-devices): changes to how the customer signs in, so a
 * change they did not make stands out (ASVS 5.0 V6.3.7). Fetched afresh on every visit: a change
 * made on the profile page must show here at once.
 */
export function AccountActivity() {
  const activity = useAccountActivityQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className="ma-card" aria-labelledby="account-activity-heading">
      <h2 id="account-activity-heading" className="ma-card-title">
        Recent account activity
      </h2>
      <QueryState
        query={activity}
        loadingLabel="Loading your account activity…"
        loadingClassName="ma-stack"
        errorTitle="We couldn’t load your account activity"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <p className="ma-muted">
            Nothing yet. When your mobile number or email changes, or a device is signed out, you’ll see it here.
          </p>
        }
      >
        {(data) => (
          <ul className="dev-list" role="list" aria-label="Recent account activity">
            {data.items.map((item) => {
              const { title, note } = describe(item);
              return (
                <li key={item.id} className="dev-row dev-event">
                  <span className="dev-icon" aria-hidden="true">
                    <Icon name={item.kind === 'deviceSignedOut' ? 'devices' : 'shield'} size={20} />
                  </span>
                  <div className="dev-text">
                    <h3 className="dev-name">{title}</h3>
                    <p className="ma-muted">
                      <time dateTime={item.at}>{formatWhen(item.at)}</time> · {note}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <p className="ma-muted dev-help">
        Don’t recognise a change? Call us on{' '}
        <a href={`tel:${SUPPORT_CONTACT.phone.tel}`}>{SUPPORT_CONTACT.phone.display}</a> and we’ll secure your account.
      </p>
    </section>
  );
}
