import { useState } from 'react';
import type { AccountsDetailResponse } from '@pravesh/core/aggregator/schemas.ts';
import { Alert, Button } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { useServices } from '../../app/services.ts';
import { refreshStatusChanged } from './finvu-slice.ts';
import { codeOf, refreshData } from './api.ts';
import { AA_MESSAGES, aaMessage } from './messages.ts';

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );

export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

const seconds = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 && s % 60 === 0 ? `${s / 60} minute${s === 60 ? '' : 's'}` : `${s} seconds`;
};

/**
 * Refresh (spec 001 §7 FI/refreshData): five retries at 20, 40, 100, 200 and 500 s (§9), each wait
 * told to the customer; then the accounts are polled every 20000 ms while the fetch runs. With the
 * switch off, spec 001 §8's "Data refresh is temporarily disabled…". The aggregator allows one
 * fetch an hour (ReBIT Frequency), so until nextRefreshAt the button says when it can run.
 */
export function RefreshControl({ detail, onStarted }: { detail: AccountsDetailResponse; onStarted: () => void }) {
  const services = useServices();
  const dispatch = useAppDispatch();
  const status = useAppSelector((state) => state.finvu.refreshStatus);
  const [note, setNote] = useState<string | null>(null);

  async function refresh() {
    dispatch(refreshStatusChanged('refreshing'));
    setNote(null);
    try {
      const answer = await refreshData(services.http, ({ delayMs }) => {
        dispatch(refreshStatusChanged('retrying'));
        setNote(`Your bank didn’t answer. We’ll try again in ${seconds(delayMs)}.`);
      });
      setNote(null);
      if (answer.started || answer.fetchStatus === 'IN_PROGRESS') {
        dispatch(refreshStatusChanged('started'));
        onStarted();
      } else {
        dispatch(refreshStatusChanged('notYet'));
        setNote(
          answer.nextRefreshAt
            ? `Your data was updated less than an hour ago. You can refresh again after ${time(answer.nextRefreshAt)}.`
            : 'Your data is up to date.',
        );
      }
    } catch (failure) {
      const disabled = codeOf(failure) === 'dataRefreshDisabled';
      dispatch(refreshStatusChanged(disabled ? 'disabled' : 'failed'));
      setNote(disabled ? null : aaMessage(failure));
    }
  }

  const busy = status === 'refreshing' || status === 'retrying';
  const fetching = detail.fetchStatus === 'IN_PROGRESS';
  const waitUntil = detail.nextRefreshAt;
  return (
    <div className="ma-aa-refresh">
      <p className="ma-aa-refresh-when">
        {fetching
          ? 'Fetching the latest data from your bank. This page updates by itself.'
          : detail.lastFetchedAt
            ? `Updated ${dateTime(detail.lastFetchedAt)}`
            : 'Not updated yet'}
        {waitUntil && !fetching && status !== 'disabled' ? ` · Next refresh after ${time(waitUntil)}` : ''}
      </p>
      {status === 'disabled' ? (
        <Alert tone="info">{AA_MESSAGES.refreshDisabled}</Alert>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void refresh()}
          loading={busy || fetching}
          loadingLabel={fetching ? 'Updating…' : 'Refreshing…'}
          disabled={Boolean(waitUntil) && !busy && !fetching}
        >
          Refresh
        </Button>
      )}
      {status === 'failed' && note ? (
        <Alert tone="error" className="ma-aa-refresh-note">
          {note}
        </Alert>
      ) : (
        <p className="ma-aa-refresh-note" role="status">
          {note ?? ''}
        </p>
      )}
    </div>
  );
}
