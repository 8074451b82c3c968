import { useEffect } from 'react';
import { FINVU_POLL_MS } from '@pravesh/core/aggregator/constants.ts';
import type { LinkedAccountView } from '@pravesh/core/aggregator/schemas.ts';
import { formatRupees } from '../../lib/format.ts';
import { useAccountsInfoQuery } from './api.ts';
import { BankIcon } from './bank-icon.tsx';
import { useTimers } from './timers.ts';
import { accountTypeName, maskAccountNumber } from './words.ts';

/** "HDFC Bank savings account ending 1234": how links and headings name one account for a screen reader. */
export function accountName(account: LinkedAccountView): string {
  return `${account.bankName} ${accountTypeName(account.accType).toLowerCase()} ending ${account.maskedAccNumber.slice(-4)}`;
}

/**
 * Bank monogram, bank name, account type and the number masked to its last 4 (spec 001 §5).
 * `inline` draws it with spans only, for inside a label.
 */
export function AccountIdentity({
  account,
  as: Heading = 'h3',
  inline = false,
}: {
  account: LinkedAccountView;
  as?: 'h2' | 'h3';
  inline?: boolean;
}) {
  const Name = inline ? 'strong' : Heading;
  const Meta = inline ? 'span' : 'p';
  const Box = inline ? 'span' : 'div';
  return (
    <Box className="ma-aa-identity">
      <BankIcon fipId={account.fipId} />
      <Box className="ma-aa-identity-text">
        <Name className="ma-aa-identity-name">{account.bankName}</Name>
        <Meta className="ma-aa-identity-meta">
          {/* A no-break space keeps the dot with the type when a narrow card wraps the number. */}
          {accountTypeName(account.accType)}
          {'\u00a0'}· <span>{maskAccountNumber(account.maskedAccNumber)}</span>
        </Meta>
      </Box>
    </Box>
  );
}

export function Balance({ amount }: { amount: number | null }) {
  return amount === null ? <span className="ma-muted">Updating…</span> : <>{formatRupees(amount)}</>;
}

/**
 * The linked accounts (fetchUserAccountInfo, one retry by spec 001 §7), asked again every 20000 ms
 * while a fetch runs (spec 001 §9 Finvu accounts polling, and after a refresh), and not otherwise.
 */
export function useLinkedAccounts() {
  const timers = useTimers();
  const accounts = useAccountsInfoQuery();
  const fetching = accounts.data?.fetchStatus === 'IN_PROGRESS';
  const { refetch, isFetching, startedTimeStamp } = accounts;
  // Each ask (answered or failed) schedules the next, so a poll that fails does not end polling.
  useEffect(() => {
    if (!fetching || isFetching) return undefined;
    return timers.after(FINVU_POLL_MS, () => void refetch());
  }, [fetching, isFetching, startedTimeStamp, refetch, timers]);
  return accounts;
}
