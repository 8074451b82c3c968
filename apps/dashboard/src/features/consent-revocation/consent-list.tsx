import { useState } from 'react';
import { Alert, Button, QueryState } from '@pravesh/ui';
import type { MyConsent } from '@pravesh/core/self-service/schemas.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { formatDate } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { useMyConsentsQuery, useWithdrawConsentMutation } from './api.ts';
import './consents.css';

const STATUS_LABEL: Record<MyConsent['status'], string> = {
  accepted: 'Active',
  withdrawn: 'Withdrawn',
  declined: 'Declined',
};

/**
 * The customer's consents with withdrawal as easy as giving one (spec 001 §2 consent-revocation;
 * DPDP Act 2023 §6(4)): one button, no form. Exported for the support page's Consent Revocation tab.
 */
export function ConsentList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const consents = useMyConsentsQuery();
  const [withdraw] = useWithdrawConsentMutation();
  const user = useAppSelector((state) => state.user.userData);
  const [pending, setPending] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ItemHeading = headingLevel === 2 ? 'h3' : 'h4';

  async function onWithdraw(consent: MyConsent) {
    if (!user) return;
    setPending(consent.contractId);
    setNotice(null);
    const result = await withdraw({
      contractId: consent.contractId,
      customerId: user.customerId,
      // The ledger records which browser acted; My Account's own visitor when it has one.
      visitorId: user.visitorId ?? 'my-account',
      visitId: user.visitId,
    });
    setPending(null);
    setNotice(
      'error' in result
        ? { tone: 'error', text: 'Something went wrong! Please try again later' }
        : {
            tone: 'success',
            text: `Your consent to “${consent.title}” is withdrawn. We’ll ask again before using it.`,
          },
    );
  }

  return (
    <div className="cons">
      <Heading className="ma-card-title">Consents you’ve given</Heading>
      <p className="ma-muted">
        Withdrawing stops us using your data for that purpose from now on. It doesn’t undo what was done before, and
        we’ll ask for your consent again if you use that service later.
      </p>
      <div aria-live="polite">
        {notice ? (
          <Alert tone={notice.tone} live="none">
            {notice.text}
          </Alert>
        ) : null}
      </div>
      <QueryState
        query={consents}
        loadingLabel="Loading your consents…"
        loadingClassName="ma-stack"
        lines={['65%', '50%']}
        errorTitle="We couldn’t load your consents"
        isEmpty={(data) => data.consents.length === 0}
        empty={
          <div className="ma-empty ma-empty--compact">
            <span className="ma-empty-icon" aria-hidden="true">
              <Icon name="shield" size={28} />
            </span>
            <div>
              <ItemHeading>No consents to show</ItemHeading>
              <p>
                When you agree to terms on a Kosh site, the consent appears here and you can withdraw it at any time.
              </p>
            </div>
          </div>
        }
      >
        {(data) => (
          <ul className="cons-list" role="list" aria-label="Your consents">
            {data.consents.map((consent) => (
              <li key={consent.contractId} className="cons-row">
                <div className="cons-text">
                  <ItemHeading className="cons-title">{consent.title}</ItemHeading>
                  <p className="ma-muted">
                    Version {consent.contractVersionId}
                    {consent.givenAt ? `, given ${formatDate(consent.givenAt)}` : ''}
                    {consent.siteName ? ` on ${consent.siteName}` : ''}
                  </p>
                  {consent.withdrawnAt ? <p className="ma-muted">Withdrawn {formatDate(consent.withdrawnAt)}</p> : null}
                </div>
                <span className={`cons-status cons-status--${consent.status}`}>{STATUS_LABEL[consent.status]}</span>
                {consent.status === 'accepted' ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={pending === consent.contractId}
                    loadingLabel="Withdrawing…"
                    onClick={() => void onWithdraw(consent)}
                  >
                    Withdraw<span className="pv-visually-hidden"> consent to {consent.title}</span>
                  </Button>
                ) : (
                  <span />
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
