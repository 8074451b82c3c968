import { aaAccounts, aaConsents, aaTransactions } from '../../db/schema/aggregator.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';
import { aggregatorServiceFor } from './service-for.ts';

/**
 * Bank data from the account aggregator. Erasure is the module's own deActivateUserData (spec 001
 * §7): the consent is revoked at the aggregator first, then accounts and transactions are deleted
 * and an audit entry without bank data is kept.
 */
export const aggregatorDataRightsPart: DataRightsPartFactory = (deps) => {
  const rows = tablePart(deps.db, {
    name: 'bankAccounts',
    tables: [
      { key: 'consents', table: aaConsents, customerColumn: aaConsents.customerId },
      { key: 'accounts', table: aaAccounts, customerColumn: aaAccounts.customerId },
      { key: 'transactions', table: aaTransactions, customerColumn: aaTransactions.customerId },
    ],
  });
  const service = aggregatorServiceFor(deps);
  return {
    name: rows.name,
    collect: (customerId) => rows.collect(customerId),
    erases: 'Your linked bank accounts and their transactions (the aggregator consent is revoked)',
    async erase(customerId) {
      const deleted = await service.deactivate(customerId);
      return deleted.deletedAccounts + deleted.deletedTransactions;
    },
  };
};
