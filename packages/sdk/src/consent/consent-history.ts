import { CONSENT_ROUTES, historyToCsv, type ConsentHistoryResponse } from '@pravesh/core';
import type { ConsentCaller } from './consent-caller.ts';
import { isRequestError } from './wire.ts';

/** The customer's consent history for one contract, as JSON, as CSV and as a file (spec 000 §7 puckar history). */
export function createConsentHistory(caller: ConsentCaller, contractId: string, doc: Document | undefined) {
  const { customerSubject, post } = caller;

  async function history(): Promise<ConsentHistoryResponse> {
    const who = await customerSubject();
    return post<ConsentHistoryResponse>(
      CONSENT_ROUTES.history,
      { customerId: who.customerId, format: 'json' },
      who.accessToken,
    );
  }

  async function historyCsv(): Promise<string> {
    const who = await customerSubject();
    let reply: unknown;
    try {
      reply = await post<unknown>(
        CONSENT_ROUTES.history,
        { customerId: who.customerId, format: 'csv' },
        who.accessToken,
      );
    } catch (error) {
      // A CSV answered as text/csv rather than in the JSON envelope.
      if (isRequestError(error) && error.httpStatus === 200 && typeof error.body === 'string') {
        return error.body;
      }
      throw error;
    }
    if (typeof reply === 'string') return reply;
    const csv = (reply as { csv?: unknown } | undefined)?.csv;
    if (typeof csv === 'string') return csv;
    return historyToCsv(reply as ConsentHistoryResponse);
  }

  return {
    history,
    historyCsv,
    downloadHistoryCsv: async (fileName = `consent-history-${contractId}.csv`): Promise<void> => {
      const csv = await historyCsv();
      if (!doc) return;
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = doc.createElement('a');
      link.href = url;
      link.download = fileName;
      link.hidden = true;
      doc.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    },
  };
}
