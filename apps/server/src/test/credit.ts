import { randomUUID } from 'node:crypto';
import { normaliseScore } from '@pravesh/core';
import type { Database } from '../db/client.ts';
import { createCreditStore } from '../modules/credit/store.ts';

/**
 * One stored CIBIL score of 742 pulled a day before `now`, as a consented pull leaves it: enough for
 * the credit health report add-on (tests that buy one).
 */
export async function storeCibilScore(db: Database, customerId: string, now: number): Promise<void> {
  const at = new Date(now - 86_400_000);
  const state = normaliseScore('CIBIL', 742);
  await createCreditStore(db).append(
    {
      customerId,
      bureau: 'CIBIL',
      provider: 'test',
      providerReference: randomUUID(),
      state,
      dateApplied: at,
      pulledAt: at,
      nextRefreshAt: new Date(at.getTime() + 30 * 86_400_000),
      consentReference: 'consent_ledger:test',
      report: {
        reportId: randomUUID(),
        creditBureau: 'CIBIL',
        lastUpdated: at.toISOString(),
        pulledAt: at.toISOString(),
        scoreState: 'SCORE',
        score: 742,
        rawScore: '742',
        riskIndex: null,
        summary: {
          totalAccounts: 0,
          activeAccounts: 0,
          totalSanctioned: 0,
          totalBalance: 0,
          totalOverdue: 0,
          creditUtilisation: 0,
          oldestAccountAgeMonths: 24,
          enquiriesLast6Months: 0,
        },
        accounts: [],
        enquiries: [],
      },
      scoreHistory: [],
    },
    at,
  );
}
