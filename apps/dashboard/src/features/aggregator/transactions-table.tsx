import { useState } from 'react';
import type { TransactionTab } from '@pravesh/core/aggregator/constants.ts';
import { Alert, Button, Skeleton, SkeletonGroup } from '@pravesh/ui';
import type { Transaction } from './finvu-slice.ts';
import { formatRupees } from '../../lib/format.ts';
import { codeOf, useTransactionsQuery } from './api.ts';
import { AA_MESSAGES, aaMessage } from './messages.ts';
import type { DateRange } from './date-range.ts';

const MODE_WORDS: Record<Transaction['mode'], string> = {
  CASH: 'Cash',
  ATM: 'ATM',
  CARD: 'Card',
  UPI: 'UPI',
  FT: 'Bank transfer',
  OTHERS: 'Other',
};

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  }).format(new Date(iso));

const TAB_WORDS: Record<TransactionTab, string> = { Credit: 'money in', Debit: 'money out', All: 'transactions' };

/** Bank narrations are slash-separated ("UPI/SWIGGY/412345"): a narrow screen may break after each slash. */
function Narration({ text }: { text: string }) {
  const parts = text.split('/');
  return (
    <span className="ma-aa-txn-narration">
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 ? (
            <>
              /<wbr />
            </>
          ) : null}
        </span>
      ))}
    </span>
  );
}

function Row({ txn }: { txn: Transaction }) {
  const credit = txn.type === 'CREDIT';
  return (
    <tr>
      <td className="ma-aa-txn-date">{day(txn.transactionTimestamp)}</td>
      <td className="ma-aa-txn-details">
        <Narration text={txn.narration} />
        <span className="ma-aa-txn-mode">{MODE_WORDS[txn.mode]}</span>
      </td>
      <td className={`ma-aa-txn-amount ${credit ? 'is-credit' : 'is-debit'}`}>
        <span className="pv-visually-hidden">{credit ? 'Credit ' : 'Debit '}</span>
        <span aria-hidden="true">{credit ? '+' : '−'}</span>
        {formatRupees(txn.amount)}
      </td>
      <td className="ma-aa-txn-balance">{formatRupees(txn.currentBalance)}</td>
    </tr>
  );
}

/**
 * One tab of an account's transactions (spec 001 §7 FI/transaction: Credit, Debit or All, newest
 * first, paged with totalRecords and pageCount). Amounts as spec 001 §5 shows them: 0 decimals,
 * Indian grouping.
 */
export function TransactionsTable({
  accountId,
  type,
  range = {},
}: {
  accountId: string;
  type: TransactionTab;
  /** Checked already (date-range.ts); the page keys the table by it, so a new range starts at page 1. */
  range?: DateRange;
}) {
  const [page, setPage] = useState(1);
  const result = useTransactionsQuery({ accountId, type, page, ...range });
  const data = result.data;

  if (result.isLoading) {
    return (
      <SkeletonGroup label="Loading transactions…" className="ma-stack ma-aa-txn-skeleton">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} shape="text" width="100%" height={24} />
        ))}
      </SkeletonGroup>
    );
  }
  const refusal = codeOf(result.error);
  if (!data && (refusal === 'aaConsentNotActive' || refusal === 'aaDataDeleted')) {
    // Trying again cannot help: the consent was revoked at the AA, or the account unlinked.
    return (
      <Alert tone="warning" title="These transactions are no longer available">
        {aaMessage(result.error)}
      </Alert>
    );
  }
  if (!data) {
    return (
      <div className="ma-stack">
        <Alert tone="error" title="We couldn’t load these transactions">
          {AA_MESSAGES.pageError}
        </Alert>
        <div>
          <Button variant="secondary" size="sm" onClick={() => void result.refetch()} loading={result.isFetching}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  if (data.totalRecords === 0) {
    return (
      <p className="ma-muted ma-aa-txn-empty">
        {range.from || range.to
          ? `No ${TAB_WORDS[type]} between these dates.`
          : `No ${TAB_WORDS[type]} in the data your bank has shared so far.`}
      </p>
    );
  }
  const first = (data.page - 1) * data.pageSize + 1;
  const last = Math.min(data.totalRecords, first + data.transactions.length - 1);
  const caption = `${type === 'All' ? 'All transactions' : `${type} transactions`}, ${first.toLocaleString('en-IN')} to ${last.toLocaleString('en-IN')} of ${data.totalRecords.toLocaleString('en-IN')}`;
  return (
    <div className="ma-aa-txns" aria-busy={result.isFetching || undefined}>
      <div className="ma-aa-txn-scroll">
        <table className="ma-aa-txn-table">
          <caption className="pv-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Details</th>
              <th scope="col" className="ma-aa-txn-amount">
                Amount
              </th>
              <th scope="col" className="ma-aa-txn-balance">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {data.transactions.map((txn) => (
              <Row key={txn.txnId} txn={txn} />
            ))}
          </tbody>
        </table>
      </div>
      <nav className="ma-aa-pager" aria-label={`Pages of ${TAB_WORDS[type]}`}>
        <p role="status">
          Showing {first.toLocaleString('en-IN')}–{last.toLocaleString('en-IN')} of{' '}
          {data.totalRecords.toLocaleString('en-IN')}
        </p>
        <div className="ma-aa-pager-buttons">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((value) => Math.max(1, value - 1))}
          >
            Previous<span className="pv-visually-hidden"> page</span>
          </Button>
          <span className="ma-aa-pager-page">
            Page {data.page} of {data.pageCount}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= data.pageCount}
            onClick={() => setPage((value) => Math.min(data.pageCount, value + 1))}
          >
            Next<span className="pv-visually-hidden"> page</span>
          </Button>
        </div>
      </nav>
    </div>
  );
}
