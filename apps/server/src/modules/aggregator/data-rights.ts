import { eq } from 'drizzle-orm';
import {
  aaAccounts,
  aaAudit,
  aaConsents,
  aaFetchJobs,
  aaJourneyStates,
  aaTransactions,
} from '../../db/schema/aggregator.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';
import { aggregatorServiceFor } from './service-for.ts';

/**
 * Bank data from the account aggregator. Erasure is the module's own deActivateUserData (spec 001
 * §7): the consent is revoked at the aggregator first, then accounts and transactions are deleted
 * and an audit entry without bank data is kept; the fetch jobs go too. An aggregator that cannot
 * revoke does not hold the erasure up (consent-journey deactivate, whenAaFails). The export holds all of it,
 * the journey's state and fetch jobs included (DPDP Act §11: a summary of the data processed).
 */
export const aggregatorDataRightsPart: DataRightsPartFactory = (deps) => {
  const rows = tablePart(deps.db, {
    name: 'bankAccounts',
    tables: [
      { key: 'accounts', table: aaAccounts, customerColumn: aaAccounts.customerId },
      { key: 'transactions', table: aaTransactions, customerColumn: aaTransactions.customerId },
      { key: 'journey', table: aaJourneyStates, customerColumn: aaJourneyStates.customerId },
      { key: 'fetchJobs', table: aaFetchJobs, customerColumn: aaFetchJobs.customerId },
    ],
  });
  const service = aggregatorServiceFor(deps);
  return {
    name: rows.name,
    collect: (customerId) => rows.collect(customerId),
    erases: 'Your linked bank accounts and their transactions (the aggregator consent is revoked)',
    async erase(customerId) {
      const deleted = await service.deactivate(customerId, { whenAaFails: 'eraseAnyway' });
      const jobs = await deps.db.delete(aaFetchJobs).where(eq(aaFetchJobs.customerId, customerId)).returning();
      return deleted.deletedAccounts + deleted.deletedTransactions + jobs.length;
    },
  };
};

/**
 * The consents the customer gave through the account aggregator and their audit trail (which
 * consent, when given, revoked or fetched under: no balances or transactions), kept after erasure
 * as the customer's consent record, with the ledger's own (consent/data-rights.ts).
 */
export const aggregatorConsentsDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'bankConsents',
    tables: [
      { key: 'consents', table: aaConsents, customerColumn: aaConsents.customerId },
      { key: 'audit', table: aaAudit, customerColumn: aaAudit.customerId },
    ],
    kept: {
      title: 'Your bank-sharing consents',
      reason:
        'The consents you gave to share bank data through the account aggregator, and when each was given, ' +
        'used and revoked (no balances or transactions). The Digital Personal Data Protection Rules, 2025 ' +
        'require consent records to be kept for seven years.',
    },
  });
