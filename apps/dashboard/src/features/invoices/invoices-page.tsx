import { useEffect, useState } from 'react';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import type { InvoiceSummary } from '@pravesh/core/invoices/schemas.ts';
import { useServices } from '../../app/services.ts';
import { formatDate } from '../../lib/format.ts';
import { Icon } from '../../layout/icons.tsx';
import { PageTitle } from '../../layout/shell.tsx';
import { fetchInvoicePdf, saveFile, useInvoicesQuery } from './api.ts';
import './invoices-page.css';

const PAGE = 'download-invoice';

/** One invoice: what was bought, its number and date, the total as invoiced, and its PDF. */
function InvoiceItem({ invoice, downloadEnabled }: { invoice: InvoiceSummary; downloadEnabled: boolean }) {
  const services = useServices();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const titleId = `invoice-${invoice.invoiceId}`;

  async function download() {
    services.analytics.track({ action: 'clicked', category: 'myAccount', label: 'downloadInvoice', page: PAGE });
    setState('busy');
    try {
      const { fileName, blob } = await fetchInvoicePdf(services.http, invoice.invoiceId);
      saveFile(blob, fileName);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <li className="ma-invoice" aria-labelledby={titleId}>
      <div>
        <h2 id={titleId}>{invoice.description}</h2>
        <p className="ma-invoice-meta">
          Invoice {invoice.invoiceNumber} · {formatDate(invoice.issuedAt)}
        </p>
      </div>
      {/* The exact invoiced total, paise included, as printed on the tax invoice. */}
      <span className="ma-invoice-total">
        <span className="pv-visually-hidden">Total </span>
        {invoice.totalAmount}
      </span>
      {downloadEnabled ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void download()}
          loading={state === 'busy'}
          loadingLabel="Preparing PDF…"
        >
          Download PDF<span className="pv-visually-hidden"> of invoice {invoice.invoiceNumber}</span>
        </Button>
      ) : null}
      {state === 'failed' ? (
        <Alert tone="error" className="ma-invoice-error">
          We couldn’t download invoice {invoice.invoiceNumber} just now. Please try again.
        </Alert>
      ) : null}
    </li>
  );
}

/**
 * spec 001 §2 download-invoice: the customer's GST tax invoices (BSP paymentSystem/invoices) with a
 * PDF download each (downloadCustomerPaymentReceipt v2), behind the invoice download switch of §9.
 */
export default function InvoicesPage() {
  const services = useServices();
  const invoices = useInvoicesQuery();
  useEffect(() => {
    services.analytics.track({ action: 'viewed', category: 'myAccount', label: PAGE, page: PAGE });
  }, [services]);

  let body;
  if (invoices.isLoading) {
    body = (
      <section className="ma-card ma-section">
        <SkeletonGroup label="Loading your invoices…" className="ma-stack">
          <Skeleton shape="text" width="70%" />
          <Skeleton shape="text" width="55%" />
          <Skeleton shape="text" width="62%" />
        </SkeletonGroup>
      </section>
    );
  } else if (invoices.isError || !invoices.data) {
    body = (
      <section className="ma-card ma-section">
        <Alert tone="error" title="We couldn’t load your invoices">
          Please check your connection and try again.
        </Alert>
        <div className="ma-empty-action">
          <Button variant="secondary" onClick={() => void invoices.refetch()} loading={invoices.isFetching}>
            Try again
          </Button>
        </div>
      </section>
    );
  } else if (invoices.data.invoices.length === 0) {
    body = (
      <section className="ma-card ma-empty ma-empty--page">
        <span className="ma-empty-icon" aria-hidden="true">
          <Icon name="receipt" size={32} />
        </span>
        <div>
          <h2>No invoices yet</h2>
          <p>When you buy a paid service from Kosh, such as a credit health report, its GST invoice appears here.</p>
        </div>
      </section>
    );
  } else {
    const { downloadEnabled } = invoices.data;
    body = (
      <section className="ma-card ma-section">
        {downloadEnabled ? null : (
          <Alert tone="info" className="ma-invoices-note" live="none">
            Invoice downloads are paused for now. Your invoices are safe, and you’ll be able to download them here again
            soon.
          </Alert>
        )}
        <ul className="ma-invoices" role="list" aria-label="Your invoices">
          {invoices.data.invoices.map((invoice) => (
            <InvoiceItem key={invoice.invoiceId} invoice={invoice} downloadEnabled={downloadEnabled} />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <>
      <PageTitle lede="GST tax invoices for the paid services you’ve bought from Kosh, each ready to download as a PDF.">
        Invoices
      </PageTitle>
      {body}
    </>
  );
}
