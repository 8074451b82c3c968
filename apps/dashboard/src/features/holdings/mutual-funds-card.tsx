import type { MutualFundFolio, MutualFundStatus } from '@pravesh/core/holdings/schemas.ts';
import { formatDate } from '../../lib/format.ts';
import { useMutualFundStatusQuery } from './api.ts';
import { CardError, CardLoading, HoldingCard, ProductLink, rupees } from './holding-card.tsx';

/** "+₹31,120 (16.2%)": a gain or loss with its sign, as fund statements show it. */
function change(gainPaise: number, basisPoints: number): string {
  const sign = gainPaise < 0 ? '−' : '+';
  return `${sign}${rupees(Math.abs(gainPaise))} (${sign}${(Math.abs(basisPoints) / 100).toFixed(1)}%)`;
}

function sipText(folio: MutualFundFolio): string {
  const sip = folio.sip;
  if (!sip) return 'Lump sum, no SIP';
  if (sip.status === 'ACTIVE') return `SIP ${rupees(sip.amountPaise)} on day ${sip.dayOfMonth} of each month`;
  return `SIP ${rupees(sip.amountPaise)} ${sip.status === 'PAUSED' ? 'paused' : 'stopped'}`;
}

function Invested({ data }: { data: MutualFundStatus & { summary: NonNullable<MutualFundStatus['summary']> } }) {
  const { summary, folios } = data;
  const loss = summary.gainPaise < 0;
  return (
    <>
      <p className="hold-figure-label">Current value</p>
      <p className="hold-figure">{rupees(summary.currentValuePaise)}</p>
      <p className="hold-line">
        Invested {rupees(summary.investedPaise)}{' '}
        <span className={`hold-change ${loss ? 'hold-change--down' : 'hold-change--up'}`}>
          <span className="pv-visually-hidden">{loss ? 'loss' : 'gain'} </span>
          {change(summary.gainPaise, summary.gainBasisPoints)}
        </span>
      </p>
      <p className="hold-line">
        {summary.activeSips > 0
          ? `${summary.activeSips} ${summary.activeSips === 1 ? 'SIP' : 'SIPs'} running, ${rupees(summary.monthlySipPaise)} a month`
          : 'No SIP running'}
        {summary.nextSip ? (
          <>
            <br />
            Next SIP {rupees(summary.nextSip.amountPaise)} on {formatDate(summary.nextSip.date)}
          </>
        ) : null}
      </p>
      <details className="hold-details">
        <summary>
          Your {folios.length} {folios.length === 1 ? 'fund' : 'funds'}
        </summary>
        <ul role="list" className="hold-folios">
          {folios.map((folio) => (
            <li key={folio.folioId}>
              <span className="hold-folio-name">{folio.schemeName}</span>
              <span className="hold-folio-value">{rupees(folio.currentValuePaise)}</span>
              <span className="ma-muted hold-folio-meta">
                {folio.amcName} · Folio {folio.folioNumber} · {sipText(folio)}
              </span>
            </li>
          ))}
        </ul>
      </details>
      <p className="ma-muted hold-small">Values at NAV of {formatDate(summary.asOf)}.</p>
    </>
  );
}

/** spec 001 §1 "wording for a mutual fund status": the customer's funds and SIPs, or a way to start one. */
export function MutualFundsCard() {
  const status = useMutualFundStatusQuery();
  const data = status.data;
  let body;
  let action;
  if (status.isLoading) body = <CardLoading label="Loading your mutual funds…" />;
  else if (status.isError || !data) {
    body = <CardError what="your mutual funds" onRetry={() => void status.refetch()} />;
  } else if (data.status === 'INVESTED' && data.summary) {
    body = <Invested data={{ ...data, summary: data.summary }} />;
    action = <ProductLink href={data.exploreUrl} label="Invest more" hidden="in mutual funds" track="mf invest more" />;
  } else {
    body = (
      <>
        <p className="hold-lead">Start a SIP from ₹500 a month</p>
        <p className="ma-muted">
          Invest a fixed amount every month in direct mutual fund plans, and see every fund and SIP here.
        </p>
      </>
    );
    action = <ProductLink href={data.exploreUrl} label="Explore mutual funds" primary track="mf explore" />;
  }
  return (
    <HoldingCard
      id="mutual-funds"
      title="Mutual funds"
      icon="funds"
      badge={data?.status === 'INVESTED' ? { text: 'Invested', tone: 'success' } : undefined}
      action={action}
    >
      {body}
    </HoldingCard>
  );
}
