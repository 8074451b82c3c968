import { useId, useState } from 'react';
import { DISCOVER_ACCOUNTS_TIMEOUT_MS } from '@pravesh/core/aggregator/constants.ts';
import type { JourneyInitiateResponse } from '@pravesh/core/aggregator/schemas.ts';
import { Alert, Button, Spinner, TextField } from '@pravesh/ui';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { accountsDiscovered, stepChanged, stepLoaderChanged } from './finvu-slice.ts';
import { maskMobile } from '../../lib/format.ts';
import { useDiscoverMutation } from './api.ts';
import { BankIcon } from './bank-icon.tsx';
import { orderedBanks, popularBanks, searchBanks, type Bank } from './bank-lists.ts';
import { StepHeading } from './journey-parts.tsx';
import { aaMessage } from './messages.ts';
import { TimeoutError, useTimers, withTimeout } from './timers.ts';

type Problem = { kind: 'none' | 'timeout' | 'failed'; bank: Bank; message?: string };

function BankButton({ bank, onChoose }: { bank: Bank; onChoose: (bank: Bank) => void }) {
  return (
    <button type="button" className="ma-aa-bank" onClick={() => onChoose(bank)}>
      <BankIcon fipId={bank.id} icon={bank.icon} colour={bank.logo} size={36} />
      <span>{bank.bankName}</span>
    </button>
  );
}

/**
 * spec 001 §2 step 3 "Select bank (discover accounts variant)": the popular banks as tiles, every
 * bank searchable; choosing one discovers the customer's accounts there, waiting at most 5000 ms
 * (spec 001 §9 discover accounts time-out).
 */
export function SelectBankStep({ initiate, mobileNo }: { initiate: JourneyInitiateResponse; mobileNo: string }) {
  const dispatch = useAppDispatch();
  const timers = useTimers();
  const consent = useAppSelector((state) => state.finvu.AAConsentData.consent);
  const loading = useAppSelector((state) => state.finvu.AAConsentData.isStepLoader);
  const [discover] = useDiscoverMutation();
  const [query, setQuery] = useState('');
  const [searching, setSearching] = useState<Bank | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const resultsId = useId();

  async function choose(bank: Bank) {
    if (!consent) return;
    setProblem(null);
    setSearching(bank);
    dispatch(stepLoaderChanged(true));
    try {
      const found = await withTimeout(
        discover({ consentHandle: consent.consentHandle, fipId: bank.id }).unwrap(),
        DISCOVER_ACCOUNTS_TIMEOUT_MS,
        timers,
      );
      if (found.accounts.length === 0) {
        setProblem({ kind: 'none', bank });
        dispatch(stepLoaderChanged(false));
        return;
      }
      dispatch(accountsDiscovered({ fipId: bank.id, accounts: found.accounts }));
      dispatch(stepChanged('accountType'));
    } catch (failure) {
      setProblem(
        failure instanceof TimeoutError
          ? { kind: 'timeout', bank }
          : { kind: 'failed', bank, message: aaMessage(failure) },
      );
      dispatch(stepLoaderChanged(false));
    } finally {
      setSearching(null);
    }
  }

  if (loading && searching) {
    return (
      <div className="ma-aa-loader" role="status">
        <Spinner />
        <p>
          Looking for your accounts at <strong>{searching.bankName}</strong>…
        </p>
      </div>
    );
  }

  const all = orderedBanks(initiate);
  const popular = popularBanks(initiate);
  // The popular banks are tiles above the list, so the list without a search holds the others only
  // (each bank once on screen); a search looks through every bank, tiles hidden.
  const popularIds = new Set(popular.map((bank) => bank.id));
  const results = query === '' ? all.filter((bank) => !popularIds.has(bank.id)) : searchBanks(all, query);
  return (
    <>
      <StepHeading focus>Select your bank</StepHeading>
      <p className="ma-aa-lede">
        Choose the bank where you hold a savings or current account. FINVU will look for accounts linked to{' '}
        {maskMobile(mobileNo)}.
      </p>
      {problem ? <ProblemAlert problem={problem} onRetry={(bank) => void choose(bank)} /> : null}
      {query === '' ? (
        <section aria-labelledby="aa-popular-banks">
          <h3 id="aa-popular-banks" className="ma-aa-subtitle">
            Popular banks
          </h3>
          <ul className="ma-aa-bank-tiles" role="list">
            {popular.map((bank) => (
              <li key={bank.id}>
                <BankButton bank={bank} onChoose={(chosen) => void choose(chosen)} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="aa-all-banks" className="ma-aa-all-banks">
        <h3 id="aa-all-banks" className="ma-aa-subtitle">
          {query === '' ? 'Other banks' : 'Search results'}
        </h3>
        <TextField
          label="Search for your bank"
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          aria-controls={resultsId}
        />
        <p className="pv-visually-hidden" role="status">
          {query === '' ? '' : `${results.length} ${results.length === 1 ? 'bank' : 'banks'} found`}
        </p>
        {results.length === 0 ? (
          <p className="ma-muted ma-aa-no-results">
            No bank matches “{query.trim()}”. Check the spelling, or try your bank’s full name.
          </p>
        ) : (
          <ul id={resultsId} className="ma-aa-bank-list" role="list">
            {results.map((bank) => (
              <li key={bank.id}>
                <BankButton bank={bank} onChoose={(chosen) => void choose(chosen)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="ma-aa-actions">
        <Button variant="ghost" onClick={() => dispatch(stepChanged('verifyMobile'))}>
          Back
        </Button>
      </div>
    </>
  );
}

function ProblemAlert({ problem, onRetry }: { problem: Problem; onRetry: (bank: Bank) => void }) {
  const name = problem.bank.bankName;
  if (problem.kind === 'none') {
    return (
      <Alert tone="warning" title={`No accounts found at ${name}`}>
        FINVU couldn’t find an account at {name} for your mobile number. Choose another bank, or check that this number
        is registered with your bank.
      </Alert>
    );
  }
  return (
    <Alert
      tone="error"
      title={problem.kind === 'timeout' ? `${name} is taking too long to answer` : `We couldn’t reach ${name}`}
      trailing={
        <Button variant="secondary" size="sm" onClick={() => onRetry(problem.bank)}>
          Try again
        </Button>
      }
    >
      {problem.kind === 'timeout' ? 'Please try again, or choose another bank.' : problem.message}
    </Alert>
  );
}
