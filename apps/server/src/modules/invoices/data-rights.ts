import { addOnPurchases } from '../../db/schema/add-ons.ts';
import { invoices } from '../../db/schema/invoices.ts';
import { tablePart, type DataRightsPartFactory } from '../data-rights/index.ts';

/** Paid add-ons and their GST invoices: kept (CGST Act §36). */
export const invoicesDataRightsPart: DataRightsPartFactory = ({ db }) =>
  tablePart(db, {
    name: 'purchasesAndInvoices',
    tables: [
      { key: 'purchases', table: addOnPurchases, customerColumn: addOnPurchases.customerId },
      { key: 'invoices', table: invoices, customerColumn: invoices.customerId },
    ],
    kept: {
      title: 'GST invoices and the payments behind them',
      reason:
        'Tax invoices for what you paid for. The CGST Act, 2017 §36 requires them to be kept for 72 months ' +
        'from the due date of the annual return of their year.',
    },
  });
