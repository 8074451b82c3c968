import { mutualFundFolios, ondcLoans, walletProtectionPolicies } from '../../db/schema/holdings.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';

export const holdingsDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'holdings',
    tables: [
      { key: 'mutualFundFolios', table: mutualFundFolios, customerColumn: mutualFundFolios.customerId },
      { key: 'walletProtection', table: walletProtectionPolicies, customerColumn: walletProtectionPolicies.customerId },
      { key: 'ondcLoans', table: ondcLoans, customerColumn: ondcLoans.customerId },
    ],
    erases: 'Your mutual fund, wallet protection and ONDC loan holdings',
  });
