import { OPEN_LEAD_STATUSES, canCustomerWithdraw, type LeadStatus } from '@pravesh/core';
import { and, eq, inArray } from 'drizzle-orm';
import { leadStatusHistory, leads } from '../../db/schema/leads.ts';
import type { DataRightsPartFactory } from '../data-rights/index.ts';
import { createLeadsStore } from './store.ts';

/** What a partner reads for a lead whose customer deleted their account (partner lead read, leads/routes.ts). */
export const ERASED_PARTNER_STATUS = 'CUSTOMER_ACCOUNT_DELETED';

/**
 * Applications to partners. On erasure every open lead the customer could still withdraw (core
 * canCustomerWithdraw: not decided yet) is WITHDRAWN through the lifecycle's own status change
 * (history entry included): that is what a partner's lead read by reference answers, so the partner
 * learns the customer left and stops the application. A decided one (sanctioned, a loan paid out, a
 * card issued) keeps its status — withdrawing it would tell the lender a live loan or card was
 * cancelled, and refuse their later COMPLETED — and carries the same partner status, so the lender
 * still learns of the erasure. The lead rows stay, as references without personal data (offer,
 * lender, status), so the partner's read still answers.
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
      // Leads whose partner is told of the erasure (withdrawn, or decided and marked).
      let told = 0;
      for (const { leadId } of open) {
        const changed = await store.changeStatus(
          leadId,
          at,
          (current) => {
            const status = current.status as LeadStatus;
            if (!OPEN_LEAD_STATUSES.includes(status) || current.partnerStatus === ERASED_PARTNER_STATUS) return null;
            return {
              status: canCustomerWithdraw(status) ? ('WITHDRAWN' satisfies LeadStatus) : status,
              partnerStatus: ERASED_PARTNER_STATUS,
            };
          },
          () => null,
        );
        if (changed?.partnerStatus === ERASED_PARTNER_STATUS) told += 1;
      }
      return told;
    },
  };
};
