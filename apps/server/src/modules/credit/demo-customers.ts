import {
  CONSENT_CONFIG_CONTRACTS,
  CREDIT_CONSENT_CONTRACTS,
  DEMO_CREDIT_CUSTOMERS,
  isPraveshError,
  nextRefreshDate,
  type CreditReport,
} from '@pravesh/core';
import type { ModuleDeps, Providers } from '../../config/deps.ts';
import { seedDemoContracts } from '../consent/index.ts';
import { createConsentService } from '../consent/index.ts';
import { createConsentStore } from '../consent/index.ts';
import { createBureauProvider } from '../../providers/bureau/index.ts';
import { simulatedSummary } from '../../providers/bureau/simulator.ts';
import { BureauError, type BureauProvider, type BureauReportPull } from '../../providers/bureau/types.ts';
import { createPiiCipher } from '../../auth/pii-cipher.ts';
import { createCustomerStore } from '../sso/index.ts';
import { demoBureauProfiles } from '../../providers/bureau/demo-profiles.ts';
import { createCreditService } from './service.ts';
import { createCreditStore, type AcceptedConsent, type CreditStore } from './store.ts';

export type DemoCreditDeps = Pick<ModuleDeps, 'db' | 'config' | 'now'> & { providers: Pick<Providers, 'bureau'> };

export interface DemoCreditSeeded {
  /** Demo customers that exist after the seed (created now or before). */
  customers: number;
  /** Consents recorded now (0 once seeded). */
  consents: number;
  /** Bureau pulls stored now (0 while the stored ones are fresh). */
  pulls: number;
  /** Customers whose pull failed because the bureau did (a slow or failing simulator): seeded next time. */
  bureauFailures: number;
}

const DAY_MS = 86_400_000;
/** How long before the seed the scored demo customer's earlier pull was made: just over a refresh interval. */
const EARLIER_PULL_DAYS = 31;
/** Card balances in the earlier pull were this share of their limits higher (paid down since). */
const EARLIER_CARD_USE = 0.12;

/**
 * The scored demo customer's pull a month before `pull`: what the file looked like
 * then, so the dashboard has two pulls to compare. Everything dated after `earlierAt` is not there
 * yet (the new card, its enquiry, the latest month of payments), the cards carried more balance
 * (paid down since), and the score is the history's month before, which the simulator keeps 18
 * points lower (demo-profiles.ts). Pure: the same pull gives the same earlier one.
 */
export function earlierDemoPull(pull: BureauReportPull, earlierAt: number): BureauReportPull {
  if (!pull.report || pull.state.kind !== 'SCORE' || pull.history.length < 2) return pull;
  const lastUpdated = Math.min(earlierAt, Date.parse(pull.report.lastUpdated) - EARLIER_PULL_DAYS * DAY_MS);
  // The earlier report is the file as of its own date, as every report is (nothing dated after it).
  const day = new Date(lastUpdated + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
  const month = day.slice(0, 7);
  const accounts = pull.report.accounts
    .filter((account) => account.openedDate <= day)
    .map((account) => {
      const revolving = account.type === 'CC' || account.type === 'OD';
      const open = account.closedDate === null || account.closedDate > day;
      return {
        ...account,
        closedDate: open ? null : account.closedDate,
        balance:
          revolving && open
            ? Math.min(
                account.sanctionedAmount,
                account.balance + Math.round((account.sanctionedAmount * EARLIER_CARD_USE) / 100) * 100,
              )
            : account.balance,
        dpdHistory: account.dpdHistory.filter((entry) => entry.month <= month),
      };
    });
  const enquiries = pull.report.enquiries.filter((enquiry) => enquiry.date <= day);
  const history = pull.history.slice(0, -1);
  const score = history[history.length - 1]!.score;
  const report: CreditReport = {
    ...pull.report,
    reportId: `${pull.report.reportId}-earlier`,
    lastUpdated: new Date(lastUpdated).toISOString(),
    pulledAt: new Date(earlierAt).toISOString(),
    score,
    rawScore: String(score),
    summary: simulatedSummary(accounts, enquiries, lastUpdated),
    accounts,
    enquiries,
  };
  return {
    bureau: pull.bureau,
    state: { kind: 'SCORE', score },
    report,
    history,
    providerReference: `${pull.providerReference}-earlier`,
  };
}

/**
 * Stores the scored demo customer's earlier CIBIL pull before their first real one, so CIBIL (the
 * bureau the dashboard shows first) has two pulls to compare. Only when CIBIL has no pull yet:
 * a later seed changes nothing. Answers how many pulls it stored (0 or 1).
 */
async function seedEarlierPull(
  store: CreditStore,
  bureau: BureauProvider,
  customerId: string,
  consent: AcceptedConsent,
  now: number,
): Promise<number> {
  if (await store.latest(customerId, 'CIBIL')) return 0;
  let current: BureauReportPull;
  try {
    current = await bureau.pullReport({
      bureau: 'CIBIL',
      customerId,
      consent: { reference: consent.reference, givenAt: consent.givenAt.getTime() },
    });
  } catch (error) {
    // A failing bureau: the pull that follows fails the same way and is counted there.
    if (error instanceof BureauError) return 0;
    throw error;
  }
  const at = now - EARLIER_PULL_DAYS * DAY_MS;
  const earlier = earlierDemoPull(current, at);
  if (earlier === current || !earlier.report) return 0;
  const stored = await store.append(
    {
      customerId,
      bureau: 'CIBIL',
      provider: bureau.name,
      providerReference: earlier.providerReference,
      state: earlier.state,
      dateApplied: new Date(earlier.report.lastUpdated),
      pulledAt: new Date(at),
      nextRefreshAt: new Date(nextRefreshDate(at)),
      consentReference: consent.reference,
      report: earlier.report,
      scoreHistory: earlier.history,
    },
    new Date(at),
  );
  return 'stored' in stored ? 1 : 0;
}

/** The seed's requests, as the consent ledger records where an entry came from. */
const SEED_VISIT = { visitorId: 'demo-seed', visitId: 'demo-seed' } as const;

/**
 * Seeds the three demo customers of core DEMO_CREDIT_CUSTOMERS: a step of
 * the seed (cli/seed.ts), apart from the migrations and outside production only. The seed is the
 * one place that works across capabilities, so it uses their own stores and services rather than
 * writing their tables: each customer is found or created by number as sign-in does (the sign-on
 * customer store), accepts the marketplace's main terms (which carry the Credit Report Terms)
 * through the consent service, exactly as the consent panel records it, and has its reports pulled
 * through the credit service from the configured bureau, whose simulator answers these numbers with
 * their profiles (demo-profiles.ts). Idempotent: a standing consent is not repeated and fresh pulls
 * are not refreshed, so running it again stores nothing.
 */
export async function seedDemoCredit(deps: DemoCreditDeps): Promise<DemoCreditSeeded> {
  const seeded: DemoCreditSeeded = { customers: 0, consents: 0, pulls: 0, bureauFailures: 0 };
  const { db, config, now } = deps;
  if (config.environment === 'production') return seeded;

  const customers = createCustomerStore(db, now, { pii: createPiiCipher(config.pii, config.piiHashKey) });
  const consentStore = createConsentStore(db);
  await seedDemoContracts(consentStore, now);
  const consents = createConsentService({ store: consentStore, piiHashKey: config.piiHashKey, now });
  const creditStore = createCreditStore(db);
  const credit = createCreditService({
    store: creditStore,
    bureau: deps.providers.bureau,
    now,
    deadlineMs: config.bureau.deadlineMs,
  });
  const contractId = CONSENT_CONFIG_CONTRACTS.main;
  const terms = await consentStore.latestVersion(contractId);
  if (!terms) throw new Error(`the demo contract ${contractId} has no version`);

  for (const { mobileNo } of Object.values(DEMO_CREDIT_CUSTOMERS)) {
    const { customerId } = await customers.findOrCreate(mobileNo);
    seeded.customers += 1;
    if (!(await creditStore.acceptedConsent(customerId, CREDIT_CONSENT_CONTRACTS))) {
      await consents.respond(
        {
          contractId,
          contractVersionId: String(terms.version),
          customerId,
          ...SEED_VISIT,
          userValue: 'Y',
          consentState: 2,
        },
        { siteId: 1, ip: undefined, userAgent: undefined },
      );
      seeded.consents += 1;
    }
    const versions = async () =>
      (await creditStore.latestPerBureau(customerId)).reduce((total, row) => total + row.version, 0);
    const before = await versions();
    try {
      if (mobileNo === DEMO_CREDIT_CUSTOMERS.scored.mobileNo) {
        const consent = await creditStore.acceptedConsent(customerId, CREDIT_CONSENT_CONTRACTS);
        if (consent) await seedEarlierPull(creditStore, deps.providers.bureau, customerId, consent, now());
      }
      await credit.pull(customerId);
      seeded.pulls += (await versions()) - before;
    } catch (error) {
      if (!isPraveshError(error)) throw error;
      // A bureau configured to fail (PRAVESH_BUREAU_SIM_FAILURE) must not stop the demo from starting.
      if (error.key === 'bureauUnavailable' || error.key === 'bureauTimeout') seeded.bureauFailures += 1;
      // Still fresh from an earlier seed: nothing to refresh yet.
      else if (error.key !== 'bureauRefreshTooEarly') throw error;
    }
  }
  return seeded;
}

/**
 * The seed step's entry (cli/seed.ts SEEDERS): the configured bureau, with the demo customers'
 * profiles, as the server builds it (config/deps.ts); answers one line for the seed's output.
 */
export async function seedDemoCreditCustomers(context: Pick<DemoCreditDeps, 'db' | 'config' | 'now'>): Promise<string> {
  if (context.config.environment === 'production') return 'skipped in production (demo data)';
  const bureau = createBureauProvider(context.config.bureau, {
    now: context.now,
    profileOf: demoBureauProfiles(context.db, context.config),
  });
  const seeded = await seedDemoCredit({ ...context, providers: { bureau } });
  const numbers = Object.values(DEMO_CREDIT_CUSTOMERS)
    .map(({ mobileNo }) => mobileNo)
    .join(', ');
  return (
    `${seeded.customers} customers (${numbers}), ${seeded.consents} consents recorded, ${seeded.pulls} reports pulled` +
    (seeded.bureauFailures > 0 ? `, ${seeded.bureauFailures} pulls failed at the bureau` : '')
  );
}
