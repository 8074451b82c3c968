import { OPEN_LEAD_STATUSES, type LeadStatus } from '@pravesh/core';
import { and, eq, inArray } from 'drizzle-orm';
import { leadStatusHistory, leads } from '../../db/schema/leads.ts';
import type { DataRightsPartFactory } from '../data-rights/index.ts';
import { createLeadsStore } from './store.ts';

/** What a partner reads for a lead whose customer deleted their account (partner lead read, leads/routes.ts). */
export const ERASED_PARTNER_STATUS = 'CUSTOMER_ACCOUNT_DELETED';

/**
 * Applications to partners. On erasure every open lead is WITHDRAWN through the lifecycle's own
 * status change (history entry included): that is what a partner's lead read by reference answers,
 * so the partner learns the customer left and stops the application. The lead rows stay, as
 * references without personal data (offer, lender, status), so the partner's read still answers.
 */
export const leadsDataRightsPart: DataRightsPartFactory = ({ db }) => {
  const store = createLeadsStore(db);
  return {
    name: 'applications',
    async collect(customerId) {
      const rows = await db.select().from(leads).where(eq(leads.customerId, customerId));
      const history =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(leadStatusHistory)
              .where(
                inArray(
                  leadStatusHistory.leadId,
                  rows.map((row) => row.leadId),
                ),
              );
      return rows.map((row) => ({ ...row, history: history.filter((entry) => entry.leadId === row.leadId) }));
    },
    erases: 'Your open applications are withdrawn and the partners told',
    async erase(customerId, at) {
      const open = await db
        .select({ leadId: leads.leadId })
        .from(leads)
        .where(and(eq(leads.customerId, customerId), inArray(leads.status, [...OPEN_LEAD_STATUSES])));
      let withdrawn = 0;
      for (const { leadId } of open) {
        const changed = await store.changeStatus(
          leadId,
          at,
          (current) =>
            (OPEN_LEAD_STATUSES as readonly string[]).includes(current.status)
              ? { status: 'WITHDRAWN' satisfies LeadStatus, partnerStatus: ERASED_PARTNER_STATUS }
              : null,
          () => null,
        );
        if (changed?.status === 'WITHDRAWN') withdrawn += 1;
      }
      return withdrawn;
    },
  };
};
