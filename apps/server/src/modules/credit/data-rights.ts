import { creditPulls } from '../../db/schema/credit.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';

/** Bureau pulls: every credit report fetched for the customer (spec 001 §5). */
export const creditDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'creditReports',
    tables: [{ key: 'bureauPulls', table: creditPulls, customerColumn: creditPulls.customerId }],
    erases: 'Your credit reports and scores from every bureau',
  });
