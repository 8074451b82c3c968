import { customerPreferences } from '../../db/schema/preferences.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';

export const preferencesDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'communicationPreferences',
    tables: [{ key: 'preferences', table: customerPreferences, customerColumn: customerPreferences.customerId }],
    erases: 'Your communication preferences',
  });
