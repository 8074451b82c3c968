import type { OndcLoan } from '@pravesh/core/holdings/schemas.ts';
import { formatDate } from '../../lib/format.ts';
import { useOndcLoansQuery } from './api.ts';
import { CardError, CardLoading, HoldingCard, ProductLink, rupees } from './holding-card.tsx';

const rate = (basisPoints: number) => `${(basisPoints / 100).toFixed(basisPoints % 100 === 0 ? 0 : 2)}% p.a.`;

function Loan({ loan }: { loan: OndcLoan }) {
  const progressId = `ondc-progress-${loan.loanId}`;
  return (
    <li className="hold-loan">
      <div className="hold-loan-part">
        <p className="hold-figure-label">
          {loan.productName} · {loan.lenderName}
        </p>
        <p className="hold-figure">
          {rupees(loan.emiPaise)} <span className="hold-figure-unit">EMI a month</span>
        </p>
        <p className="hold-line">
          {rupees(loan.principalPaise)} at {rate(loan.annualRateBasisPoints)} for {loan.tenureMonths} months, disbursed{' '}
          {formatDate(loan.disbursedOn)}
        </p>
      </div>
      <div className="hold-loan-part">
        {loan.status === 'CLOSED' ? (
          <p className="hold-line hold-line--success">Fully repaid. This loan is closed.</p>
        ) : (
          <>
            <p className="hold-line">
              Next EMI on {formatDate(loan.nextEmiDate!)} · {rupees(loan.outstandingPaise)} left to repay
            </p>
            <div className="hold-progress">
              <span id={progressId}>
                {loan.emisPaid} of {loan.tenureMonths} EMIs paid
              </span>
              <progress aria-labelledby={progressId} value={loan.emisPaid} max={loan.tenureMonths} />
            </div>
          </>
        )}
        <p className="ma-muted hold-small">Loan account {loan.loanAccount}</p>
      </div>
    </li>
  );
}

/** spec 001 §3 ONDCDisbursedLeads, §9 redirect target "ONDC dashboard": loans disbursed through ONDC. */
export function OndcLoansCard() {
  const loans = useOndcLoansQuery();
  const data = loans.data;
  const list = data?.loans ?? [];
  let body;
  let action;
  if (loans.isLoading) body = <CardLoading label="Loading your ONDC loans…" />;
  else if (loans.isError || !data) {
    body = <CardError what="your ONDC loans" onRetry={() => void loans.refetch()} />;
  } else if (list.length > 0) {
    body = (
      <ul role="list" className="hold-loans">
        {list.map((loan) => (
          <Loan key={loan.loanId} loan={loan} />
        ))}
      </ul>
    );
    action = <ProductLink href={data.dashboardUrl} label="Open ONDC dashboard" track="ondc dashboard" />;
  } else {
    body = (
      <>
        <p className="hold-lead">Personal loans from many lenders, one application</p>
        <p className="ma-muted">
          Compare offers from RBI-regulated lenders on the Open Network for Digital Commerce (ONDC) and track your EMIs
          here.
        </p>
      </>
    );
    action = <ProductLink href={data.dashboardUrl} label="Explore ONDC loans" primary track="ondc explore" />;
  }
  const active = list.filter((loan) => loan.status === 'ACTIVE').length;
  return (
    <HoldingCard
      id="ondc-loans"
      title="Loans through ONDC"
      icon="loan"
      badge={list.length > 0 ? { text: active > 0 ? `${active} active` : 'Closed', tone: 'neutral' } : undefined}
      action={action}
    >
      {body}
    </HoldingCard>
  );
}
