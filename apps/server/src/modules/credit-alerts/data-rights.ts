import { creditAlertDerivations, creditAlertSubscriptions, creditAlerts } from '../../db/schema/credit-alerts.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';

export const creditAlertsDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'creditAlerts',
    tables: [
      { key: 'alerts', table: creditAlerts, customerColumn: creditAlerts.customerId },
      { key: 'derivations', table: creditAlertDerivations, customerColumn: creditAlertDerivations.customerId },
      { key: 'subscriptions', table: creditAlertSubscriptions, customerColumn: creditAlertSubscriptions.customerId },
    ],
    erases: 'Your credit alerts',
  });
