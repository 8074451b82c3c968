import { randomUUID } from 'node:crypto';
import type { AggregatorSimulator } from '../../providers/aggregator/simulator.ts';
import { busyAccountHistory } from '../../providers/aggregator/transactions.ts';
import type { ConsentDetail } from '../../providers/aggregator/types.ts';
import { consentDetailFor } from './service.ts';
import type { AggregatorStore } from './store.ts';

/**
 * A linked, fetched account with many transactions, written straight into the store: the volume
 * the transactions page and the statement are measured at ("an account with 10,000
 * transactions"; bench/aggregator.ts, transactions-page.test.ts). The consent and link ids are
 * the caller's when it made them at the simulator (so a read's sync with the AA finds them), or
 * fresh ones.
 */
export interface BusyAccountOptions {
  customerId: string;
  transactions: number;
  /** The fetch time: the history ends here. */
  at: Date;
  consentHandle?: string;
  consentId?: string;
  linkRefNumber?: string;
  fipId?: string;
  detail?: ConsentDetail;
}

const BUSY_MOBILE = '9000000000';

/**
 * An approved consent at the simulator with one linked HDFC account (the journey's AA side, without
 * the HTTP): its ids, for seedBusyAccount, so reads that sync the consent with the AA find it.
 */
export async function consentAtSimulator(
  sim: AggregatorSimulator,
  at: number,
): Promise<Required<Pick<BusyAccountOptions, 'consentHandle' | 'consentId' | 'linkRefNumber' | 'fipId' | 'detail'>>> {
  const fipId = 'HDFC-FIP';
  const detail = consentDetailFor(BUSY_MOBILE, at);
  const { consentHandle } = await sim.requestConsent(detail);
  const [found] = await sim.discoverAccounts(consentHandle, fipId);
  const { refNumber } = await sim.linkAccounts(consentHandle, fipId, [found!.accRefNumber]);
  const [linked] = await sim.confirmLink(refNumber, (await sim.otpFor(refNumber))!);
  const { consentId } = await sim.decideConsent(consentHandle, 'APPROVE');
  await sim.fetchConsent(consentId!);
  return { consentHandle, consentId: consentId!, linkRefNumber: linked!.linkRefNumber, fipId, detail };
}

export async function seedBusyAccount(store: AggregatorStore, options: BusyAccountOptions): Promise<string> {
  const consentHandle = options.consentHandle ?? randomUUID();
  const linkRefNumber = options.linkRefNumber ?? randomUUID();
  const fipId = options.fipId ?? 'HDFC-FIP';
  const maskedAccNumber = 'XXXXXXXX7788';
  const at = options.at;
  await store.insertConsent({
    consentHandle,
    customerId: options.customerId,
    source: 'myaccount',
    templateId: 'KOSH_DEPOSIT_PERIODIC_V1',
    detail: options.detail ?? consentDetailFor(BUSY_MOBILE, at.getTime()),
    at,
  });
  await store.updateConsent(
    consentHandle,
    { requestStatus: 'APPROVED', consentId: options.consentId ?? randomUUID(), consentStatus: 'ACTIVE' },
    at,
  );
  await store.insertAccounts(
    options.customerId,
    consentHandle,
    [{ fipId, linkRefNumber, maskedAccNumber, accType: 'CURRENT', fiType: 'DEPOSIT' }],
    at,
  );
  const history = busyAccountHistory(options.transactions, at.getTime(), linkRefNumber);
  await store.storeAccountData(
    options.customerId,
    {
      linkRefNumber,
      maskedAccNumber,
      fipId,
      Profile: {
        Holders: {
          type: 'SINGLE',
          Holder: [
            { name: 'Meera Traders', dob: '1985-04-12', mobile: '', nominee: 'REGISTERED', ckycCompliance: true },
          ],
        },
      },
      Summary: {
        currentBalance: history.at(-1)?.currentBalance ?? 0,
        balanceDateTime: at.toISOString(),
        type: 'CURRENT',
        branch: 'MG Road, Bengaluru',
        ifscCode: 'HDFC0001234',
        micrCode: '560240002',
        openingDate: '2020-01-15',
        status: 'ACTIVE',
        currency: 'INR',
      },
      Transactions: {
        startDate: history[0]?.valueDate ?? '',
        endDate: history.at(-1)?.valueDate ?? '',
        Transaction: history,
      },
    },
    at,
  );
  const account = (await store.accountsOf(options.customerId)).find((row) => row.linkRefNumber === linkRefNumber);
  return account!.accountId;
}
