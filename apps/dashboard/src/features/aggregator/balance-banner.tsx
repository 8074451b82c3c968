import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { BALANCE_BANNER_STATES, FINVU_POLL_MS } from '@pravesh/core/aggregator/constants.ts';
import { Button, Skeleton, SkeletonGroup, Spinner } from '@pravesh/ui';
import { formatRupees } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { useAccountsInfoQuery, useJourneyStatusQuery } from './api.ts';
import { Insights } from './insights.tsx';
import { useTimers } from './timers.ts';
import './aggregator.css';

/**
 * The dashboard's balance banner (spec 001 §4 "Balance banner states") from the customer's real
 * aggregator state (v2/journey/data/status): aa_not_initiated "Start Now", data_fetch_in_progress
 * (no button; asked again every 20000 ms, spec 001 §9), data_available "View Insights" (the total
 * balance, and insights opened in place), consent_expired "View Details". A banner that cannot load
 * stays out of the way: the dashboard has more to show.
 */
export function BalanceBanner() {
  const timers = useTimers();
  const status = useJourneyStatusQuery();
  const state = status.data?.bannerState;
  const accounts = useAccountsInfoQuery(undefined, { skip: state !== 'data_available' });
  const [open, setOpen] = useState(false);
  const insightsId = useId();
  const { refetch, isFetching, startedTimeStamp } = status;

  useEffect(() => {
    if (state !== 'data_fetch_in_progress' || isFetching) return undefined;
    return timers.after(FINVU_POLL_MS, () => void refetch());
  }, [state, isFetching, startedTimeStamp, refetch, timers]);

  if (status.isLoading) {
    return (
      <section className="ma-card ma-aa-banner" aria-label="Bank balance" data-ma-blur>
        <SkeletonGroup label="Loading your bank balance…" className="ma-stack">
          <Skeleton shape="text" width="40%" />
          <Skeleton shape="text" width="65%" />
        </SkeletonGroup>
      </section>
    );
  }
  if (!status.data || !state) return null;
  const button = BALANCE_BANNER_STATES[state];

  let content;
  switch (state) {
    case 'aa_not_initiated':
      content = (
        <>
          <div>
            <h2 id="aa-banner-title">See all your bank balances in one place</h2>
            <p>Link your savings and current accounts securely through FINVU, an RBI-licensed account aggregator.</p>
          </div>
          <Link className="pv-button pv-button--primary" to="/account-aggregator">
            <span>{button}</span>
          </Link>
        </>
      );
      break;
    case 'data_fetch_in_progress':
      content = (
        <div className="ma-aa-banner-progress" role="status">
          <Spinner />
          <div>
            <h2 id="aa-banner-title">Fetching your bank data</h2>
            <p>Your balances will appear here in a minute or so.</p>
          </div>
        </div>
      );
      break;
    case 'consent_expired':
      content = (
        <>
          <div>
            <h2 id="aa-banner-title">Your bank data consent has expired</h2>
            <p>Renew it to keep your balances and insights up to date.</p>
          </div>
          <Link className="pv-button pv-button--primary" to="/linked-accounts">
            <span>{button}</span>
          </Link>
        </>
      );
      break;
    case 'data_available': {
      const detail = accounts.data;
      content = (
        <>
          <div>
            <h2 id="aa-banner-title">Total bank balance</h2>
            <p className="ma-aa-banner-amount">
              {detail ? formatRupees(detail.totalBalance) : <Skeleton shape="text" width={120} />}
            </p>
            {detail ? (
              <p>
                Across {detail.accounts.length} linked {detail.accounts.length === 1 ? 'account' : 'accounts'} ·{' '}
                <Link to="/linked-accounts">See accounts</Link>
              </p>
            ) : null}
          </div>
          <Button variant="primary" aria-expanded={open} aria-controls={insightsId} onClick={() => setOpen(!open)}>
            {button}
          </Button>
        </>
      );
      break;
    }
  }

  return (
    <section className={`ma-card ma-aa-banner ma-aa-banner--${state}`} aria-labelledby="aa-banner-title" data-ma-blur>
      <div className="ma-aa-banner-row">
        <span className="ma-aa-banner-icon" aria-hidden="true">
          <Icon name="bank" size={24} />
        </span>
        {content}
      </div>
      <div id={insightsId} hidden={!open}>
        {open ? <Insights /> : null}
      </div>
    </section>
  );
}
