import { eq } from 'drizzle-orm';
import { consentLedger } from '../../db/schema/consent.ts';
import type { DataRightsPartFactory } from '../data-rights/index.ts';
import { subjectOf } from './service.ts';

/**
 * The consent ledger is kept (DPDP Rules 2025: consent records at least seven years): it is the
 * proof of what the customer agreed to and withdrew, and of this very request. It holds no number
 * or email, only the customer id, contract versions and hashed addresses.
 */
export const consentDataRightsPart: DataRightsPartFactory = ({ db }) => ({
  name: 'consents',
  async collect(customerId) {
    return db
      .select({
        contractId: consentLedger.contractId,
        contractVersion: consentLedger.contractVersion,
        action: consentLedger.action,
        userValue: consentLedger.userValue,
        siteId: consentLedger.siteId,
        pageUrl: consentLedger.pageUrl,
        reason: consentLedger.reason,
        recordedAt: consentLedger.recordedAt,
      })
      .from(consentLedger)
      .where(eq(consentLedger.subject, subjectOf(customerId, '')))
      .orderBy(consentLedger.seq);
  },
  kept: {
    title: 'Your consent record',
    reason:
      'What you agreed to, withdrew and asked of us, including this deletion. The Digital Personal Data ' +
      'Protection Rules, 2025 require consent records to be kept for seven years.',
  },
});
