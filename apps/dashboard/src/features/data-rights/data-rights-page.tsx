import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Skeleton, SkeletonGroup } from '@pravesh/ui';
import type { DataRightsAction } from '@pravesh/core/data-rights/routes.ts';
import type { DataExport } from '@pravesh/core/data-rights/schemas.ts';
import { useServices } from '../../app/services.ts';
import { formatDate } from '../../lib/format.ts';
import { PageTitle } from '../../layout/shell.tsx';
import {
  fetchExportFile,
  saveFile,
  useAccountDeletionQuery,
  useCancelDeletionMutation,
  useDataExportQuery,
  useRequestDeletionMutation,
  useRequestExportMutation,
} from './api.ts';
import './data-rights.css';

const ACTION_TEXT: Record<DataRightsAction, string> = {
  export_requested: 'You asked for a copy of your data',
  export_ready: 'Your data copy was ready to download',
  erasure_requested: 'You asked us to delete your account',
  erasure_cancelled: 'You cancelled the account deletion',
  erased: 'Your account was deleted',
};

const GENERIC_ERROR = 'Something went wrong! Please try again later';

function ExportCard() {
  const services = useServices();
  const [polling, setPolling] = useState(false);
  const current = useDataExportQuery(undefined, { pollingInterval: polling ? 1500 : 0 });
  const [requestExport, requesting] = useRequestExportMutation();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest: DataExport | null = current.data?.export ?? null;
  const building = latest?.status === 'QUEUED' || latest?.status === 'BUILDING';
  useEffect(() => setPolling(building), [building]);
  // The requests list (read with the deletion state) shows each export step as it happens.
  const requests = useAccountDeletionQuery();
  const refetchRequests = requests.refetch;
  const status = latest?.status;
  useEffect(() => {
    if (status) void refetchRequests();
  }, [status, refetchRequests]);

  async function onDownload() {
    setError(null);
    setDownloading(true);
    try {
      // A fresh link each time: a link lasts minutes only.
      const fresh = await current.refetch();
      const path = fresh.data?.export?.downloadPath;
      if (!path) throw new Error('no link');
      const { fileName, blob } = await fetchExportFile(services.http, path);
      saveFile(blob, fileName);
    } catch {
      setError(GENERIC_ERROR);
    } finally {
      setDownloading(false);
    }
  }

  async function onPrepare() {
    setError(null);
    const result = await requestExport();
    if ('error' in result) setError(GENERIC_ERROR);
  }

  let body;
  if (current.isLoading) {
    body = (
      <SkeletonGroup label="Loading your data copy…" className="ma-stack">
        <Skeleton shape="text" width="60%" />
        <Skeleton shape="text" width="40%" />
      </SkeletonGroup>
    );
  } else if (current.isError) {
    body = (
      <Alert tone="error" title="We couldn’t load your data copy">
        <p>Please check your connection and try again.</p>
        <Button variant="secondary" size="sm" onClick={() => void current.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (latest && building) {
    body = (
      <div className="dr-progress-block" aria-live="polite">
        <p>
          Preparing your data… <strong>{latest.progress}%</strong>
        </p>
        <div
          className="dr-progress"
          role="progressbar"
          aria-label="Preparing your data"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={latest.progress}
        >
          <span className="dr-progress-bar" style={{ width: `${Math.max(latest.progress, 4)}%` }} />
        </div>
        <p className="ma-muted">You can leave this page; we’ll keep going and the download will be waiting here.</p>
      </div>
    );
  } else if (latest?.status === 'READY') {
    body = (
      <div className="dr-ready">
        <Alert tone="success" title="Your data is ready">
          <p>
            Prepared on {formatDate(latest.readyAt ?? latest.requestedAt)}. It can be downloaded until{' '}
            {formatDate(latest.fileExpiresAt ?? latest.requestedAt)}, then we delete the copy.
          </p>
        </Alert>
        <div className="dr-actions">
          <Button loading={downloading} loadingLabel="Downloading…" onClick={() => void onDownload()}>
            Download my data
          </Button>
          <Button variant="secondary" loading={requesting.isLoading} onClick={() => void onPrepare()}>
            Prepare a new copy
          </Button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="dr-actions">
        {latest?.status === 'FAILED' ? (
          <Alert tone="error" title="We couldn’t prepare your data">
            <p>Please try again. If it keeps failing, write to us from Help and support.</p>
          </Alert>
        ) : null}
        {latest?.status === 'EXPIRED' ? (
          <p className="ma-muted">Your last copy has been deleted after 7 days. Prepare a new one any time.</p>
        ) : null}
        <Button loading={requesting.isLoading} loadingLabel="Starting…" onClick={() => void onPrepare()}>
          Prepare my data
        </Button>
      </div>
    );
  }

  return (
    <section className="ma-card dr-card" aria-labelledby="dr-export-title">
      <h2 id="dr-export-title" className="ma-card-title">
        Download your data
      </h2>
      <p className="ma-muted">
        A copy of everything we hold about you — your account, personal details, credit reports, linked bank accounts,
        applications, purchases, consents and support queries — as a machine-readable JSON file.
      </p>
      {body}
      {error ? (
        <p className="dr-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function DeletionCard() {
  const deletion = useAccountDeletionQuery();
  const [requestDeletion, requesting] = useRequestDeletionMutation();
  const [cancelDeletion, cancelling] = useCancelDeletionMutation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (deletion.isLoading) {
    return (
      <section className="ma-card dr-card" aria-label="Delete your account">
        <SkeletonGroup label="Loading…" className="ma-stack">
          <Skeleton shape="text" width="50%" />
          <Skeleton shape="text" width="70%" />
        </SkeletonGroup>
      </section>
    );
  }
  if (deletion.isError || !deletion.data) {
    return (
      <section className="ma-card dr-card" aria-label="Delete your account">
        <Alert tone="error" title="We couldn’t load this section">
          <Button variant="secondary" size="sm" onClick={() => void deletion.refetch()}>
            Try again
          </Button>
        </Alert>
      </section>
    );
  }
  const { request, coolingOffDays, erases, kept, history } = deletion.data;
  const scheduled = request?.status === 'SCHEDULED';

  async function onConfirm() {
    setError(null);
    const result = await requestDeletion();
    setConfirming(false);
    if ('error' in result) setError(GENERIC_ERROR);
  }
  async function onCancel() {
    setError(null);
    const result = await cancelDeletion();
    if ('error' in result) setError(GENERIC_ERROR);
  }

  return (
    <>
      <section className="ma-card dr-card" aria-labelledby="dr-delete-title">
        <h2 id="dr-delete-title" className="ma-card-title">
          Delete your account
        </h2>
        {scheduled ? (
          <Alert tone="warning" title={`Your account will be deleted on ${formatDate(request.eraseAfter)}`}>
            <p>Changed your mind? Keep your account and nothing is deleted.</p>
            <Button variant="secondary" size="sm" loading={cancelling.isLoading} onClick={() => void onCancel()}>
              Keep my account
            </Button>
          </Alert>
        ) : (
          <p className="ma-muted">
            We wait {coolingOffDays} days before deleting, so you can change your mind. During that time you can cancel
            here.
          </p>
        )}
        <div className="dr-columns">
          <div>
            <h3 className="dr-subtitle">What we delete</h3>
            <ul className="dr-list">
              {erases.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="dr-subtitle">What the law requires us to keep</h3>
            <ul className="dr-list dr-list--kept">
              {kept.map((record) => (
                <li key={record.title}>
                  <strong>{record.title}.</strong> {record.reason}
                </li>
              ))}
            </ul>
          </div>
        </div>
        {scheduled ? null : (
          <div className="dr-actions">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete my account
            </Button>
          </div>
        )}
        {error ? (
          <p className="dr-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
      <section className="ma-card dr-card" aria-labelledby="dr-history-title">
        <h2 id="dr-history-title" className="ma-card-title">
          Your data requests
        </h2>
        {history.length === 0 ? (
          <p className="ma-muted">
            No requests yet. Each request you make is recorded here and in your consent record.
          </p>
        ) : (
          <ol className="dr-history">
            {history.map((entry) => (
              <li key={`${entry.action}-${entry.at}`}>
                <span>{ACTION_TEXT[entry.action]}</span>
                <time dateTime={entry.at} className="ma-muted">
                  {formatDate(entry.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>
      {confirming ? (
        <Modal
          title="Delete your account?"
          description={`We’ll delete your account in ${coolingOffDays} days. You’ll be signed out on every device then, and can cancel until that day.`}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Not now
              </Button>
              <Button variant="danger" loading={requesting.isLoading} onClick={() => void onConfirm()}>
                Yes, delete my account
              </Button>
            </>
          }
        />
      ) : null}
    </>
  );
}

/** Your data rights (DPDP Act 2023 §11 a copy of your data, §12 erasure). */
export default function DataRightsPage() {
  const services = useServices();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: 'your-data', page: 'your-data' });
  }, [services]);
  return (
    <>
      <PageTitle lede="Get a copy of the data we hold about you, or ask us to delete your account.">
        Your data
      </PageTitle>
      <ExportCard />
      <DeletionCard />
    </>
  );
}
