import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ADD_ON_CATALOGUE,
  PRODUCT_TILES,
  PraveshError,
  SCORE_BANDS,
  STEP_UP_MONTHS_REQUIRED,
  activeBureauRecord,
  collectionAccounts,
  collectionEligibility,
  creditHealthReport,
  creditAdvisorEligibility,
  creditHealthEligibility,
  priceOf,
  rankFactors,
  rectificationEligibility,
  rectificationItems,
  stepUpDecision,
  type AccountUserInformation,
  type AddOn,
  type AddOnProductView,
  type CreditHealthReportData,
  type ConfirmPaymentBody,
  type CreateOrderBody,
  type PaymentStatus,
  type ProductListResponse,
  type Purchase,
  type StepUpCardResponse,
  type AddOnTransactionsResponse,
} from '@pravesh/core';
import { PaymentError, type PaymentProvider, type PaymentResult } from '../../providers/payment/types.ts';
import type { AddOnsStore, PurchaseRow } from './store.ts';

/**
 * What a paid purchase hands to whoever issues its GST invoice (the invoices module): everything
 * rule 46 asks of the sale itself. Amounts are paise; taxableValuePaise + gstPaise = amountPaise.
 */
export interface PaidPurchase {
  readonly purchaseId: string;
  readonly customerId: string;
  readonly addOn: AddOn;
  readonly description: string;
  readonly sacCode: string;
  readonly amountPaise: number;
  readonly taxableValuePaise: number;
  readonly gstPaise: number;
  readonly gstPercent: number;
  readonly currency: string;
  readonly paidAt: Date;
  /** GST state code of the customer when the purchase knows it; null: the invoice hook reads the state on file. */
  readonly customerStateCode: string | null;
  readonly providerPaymentId: string | null;
}

export type OnPaid = (purchase: PaidPurchase) => Promise<void>;

/** A purchase paid this recently is left to the request settling it; older ones are the sweep's. */
export const HAND_OVER_GRACE_MS = 60_000;
/** Purchases one sweep hands over at most. */
const HAND_OVER_BATCH = 50;

export interface AddOnsServiceDeps {
  store: AddOnsStore;
  /** undefined: payments are switched off (config/payment.ts), every purchase answers paymentUnavailable. */
  payment: PaymentProvider | undefined;
  now: () => number;
  /** Called once per purchase, when its payment succeeds (the invoice hook). */
  onPaid: OnPaid;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** The origin of a spec 000 §3 site (by key) that serves a product tile; undefined when none is configured. */
  siteOrigin: (siteKey: string) => string | undefined;
}

const productView = (addOn: AddOn): AddOnProductView => {
  const { name, summary } = ADD_ON_CATALOGUE[addOn];
  const { amountPaise, taxableValuePaise, gstPaise, gstPercent } = priceOf(addOn);
  return { addOn, name, summary, price: { amountPaise, taxableValuePaise, gstPaise, gstPercent } };
};

export function purchaseView(row: PurchaseRow): Purchase {
  const addOn = row.addOn as AddOn;
  return {
    purchaseId: row.purchaseId,
    addOn,
    name: ADD_ON_CATALOGUE[addOn].name,
    status: row.status as PaymentStatus,
    price: {
      amountPaise: row.amountPaise,
      taxableValuePaise: row.taxableValuePaise,
      gstPaise: row.gstPaise,
      gstPercent: row.gstPercent,
    },
    orderId: row.providerOrderId,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    failureReason: row.failureReason,
  };
}

const STATUS_OF: Readonly<Record<PaymentResult['outcome'], PaymentStatus>> = {
  success: 'SUCCESS',
  failure: 'FAILED',
  pending: 'PENDING',
};

export function createAddOnsService(deps: AddOnsServiceDeps) {
  const { store, now, log } = deps;

  function gateway(): PaymentProvider {
    if (!deps.payment) throw new PraveshError('paymentUnavailable');
    return deps.payment;
  }

  /** Runs a gateway call; a gateway that fails or forgets answers paymentUnavailable (nothing charged). */
  async function ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof PaymentError) {
        log.warn({ kind: error.kind }, 'payment gateway call failed');
        throw new PraveshError('paymentUnavailable');
      }
      throw error;
    }
  }

  /** Records the gateway's answer; the request that moves a purchase to SUCCESS calls onPaid, once. */
  async function record(row: PurchaseRow, result: PaymentResult): Promise<PurchaseRow> {
    const status = STATUS_OF[result.outcome];
    if (status === row.status) return row;
    const settled = await store.settle(row.purchaseId, {
      status,
      providerPaymentId: result.paymentId,
      failureReason: result.failureReason,
      now: new Date(now()),
    });
    if (!settled) return (await store.byId(row.customerId, row.purchaseId)) ?? row;
    if (settled.status === 'SUCCESS') await handOver(settled);
    return settled;
  }

  /**
   * Runs the invoice step (onPaid) of a paid purchase and records that it succeeded. The payment
   * stands whatever the step does: a failure is logged and the purchase is taken again by
   * retryHandOvers (the invoice is issued once per purchase id, so a repeat is harmless).
   */
  async function handOver(row: PurchaseRow): Promise<boolean> {
    try {
      await deps.onPaid(paidPurchase(row));
    } catch (error) {
      log.error({ purchaseId: row.purchaseId, err: error }, 'onPaid failed after a successful payment; retried');
      return false;
    }
    await store.markHandedOver(row.purchaseId, new Date(now()));
    return true;
  }

  /** Makes the gateway order of a purchase that has none yet (a first start, or a retry after a gateway failure). */
  async function withOrder(row: PurchaseRow): Promise<PurchaseRow> {
    if (row.providerOrderId !== null || row.status !== 'CREATED') return row;
    const payment = gateway();
    const order = await ask(() =>
      payment.createOrder({
        purchaseId: row.purchaseId,
        amountPaise: row.amountPaise,
        currency: 'INR',
        description: ADD_ON_CATALOGUE[row.addOn as AddOn].name,
      }),
    );
    return store.setOrder(row.purchaseId, payment.name, order.orderId, new Date(now()));
  }

  async function eligibility(customerId: string): Promise<AccountUserInformation> {
    const [files, purchases] = await Promise.all([store.bureauFiles(customerId), store.list(customerId)]);
    // The last payment of an add-on: its live purchase (at most one, and a new one can only start
    // once every earlier one failed, so it is the newest), else the newest failed one.
    const latest = new Map<AddOn, PurchaseRow>();
    for (const row of purchases) {
      const known = latest.get(row.addOn as AddOn);
      if (!known || (known.status === 'FAILED' && row.status !== 'FAILED')) latest.set(row.addOn as AddOn, row);
    }
    const lastPaymentDetails = (addOn: AddOn) => {
      const row = latest.get(addOn);
      return row
        ? {
            purchaseId: row.purchaseId,
            paymentStatus: row.status as PaymentStatus,
            createdAt: row.createdAt.toISOString(),
            paidAt: row.paidAt?.toISOString() ?? null,
          }
        : null;
    };

    const factors = rankFactors(files);
    const paidUser = purchases.some((row) => row.addOn === 'CREDIT_ADVISOR' && row.status === 'SUCCESS');
    const advisorPayment = lastPaymentDetails('CREDIT_ADVISOR');
    const healthPayment = lastPaymentDetails('CREDIT_HEALTH');
    const collectionPayment = lastPaymentDetails('COLLECTION');
    const rectificationPayment = lastPaymentDetails('RECTIFICATION');
    const accountList = collectionAccounts(files);
    const subProductList = rectificationItems(files);
    const orderStatus = rectificationPayment?.paymentStatus ?? null;

    return {
      creditAdvisor: {
        ...creditAdvisorEligibility({ rankFactors: factors, lastPaymentDetails: advisorPayment, paidUser }),
        rankFactors: factors,
        paidUser,
        product: productView('CREDIT_ADVISOR'),
        lastPaymentDetails: advisorPayment,
      },
      creditHealth: {
        ...creditHealthEligibility({ files, lastPaymentDetails: healthPayment }),
        product: productView('CREDIT_HEALTH'),
        lastPaymentDetails: healthPayment,
      },
      collection: {
        ...collectionEligibility({ accountList, files, lastPaymentDetails: collectionPayment }),
        accountList,
        product: productView('COLLECTION'),
        lastPaymentDetails: collectionPayment,
      },
      rectification: {
        ...rectificationEligibility({ subProductCount: subProductList.length, orderStatus, files }),
        crosssellable: { products: { product: { COLLECTIONS: { subProductList } } } },
        quoteDetails: {
          order: rectificationPayment
            ? { purchaseId: rectificationPayment.purchaseId, orderStatus: rectificationPayment.paymentStatus }
            : null,
        },
        product: productView('RECTIFICATION'),
        lastPaymentDetails: rectificationPayment,
      },
    };
  }

  const ELIGIBILITY_KEY: Readonly<Record<AddOn, keyof AccountUserInformation>> = {
    CREDIT_ADVISOR: 'creditAdvisor',
    CREDIT_HEALTH: 'creditHealth',
    COLLECTION: 'collection',
    RECTIFICATION: 'rectification',
  };

  return {
    /** BSP bureauApplication/accountUserInformation: the four eligibility objects (spec 001 §3, §4). */
    accountUserInformation: eligibility,

    /**
     * Starts a purchase, idempotent by the client's key: the same key answers the same
     * purchase (making its gateway order if an earlier try could not); an open purchase of the same
     * add-on is answered instead of a second one, so nobody pays twice. The row is stored before the
     * gateway is asked, so a gateway failure loses nothing.
     */
    async start(customerId: string, body: CreateOrderBody): Promise<Purchase> {
      const byKey = await store.byKey(customerId, body.idempotencyKey);
      if (byKey) {
        if (byKey.addOn !== body.addOn) throw new PraveshError('idempotencyKeyReused');
        return purchaseView(await withOrder(byKey));
      }
      const live = await store.live(customerId, body.addOn);
      if (live?.status === 'SUCCESS') throw new PraveshError('addOnAlreadySubscribed');
      if (live) return purchaseView(await withOrder(live));

      const current = (await eligibility(customerId))[ELIGIBILITY_KEY[body.addOn]];
      if (!current.eligible) throw new PraveshError('addOnNotEligible');
      const payment = gateway();

      const product = ADD_ON_CATALOGUE[body.addOn];
      const price = priceOf(body.addOn);
      const at = new Date(now());
      const inserted = await store.insert({
        purchaseId: randomUUID(),
        customerId,
        addOn: body.addOn,
        idempotencyKey: body.idempotencyKey,
        status: 'CREATED',
        amountPaise: price.amountPaise,
        taxableValuePaise: price.taxableValuePaise,
        gstPaise: price.gstPaise,
        gstPercent: price.gstPercent,
        currency: 'INR',
        description: product.invoiceDescription,
        sacCode: product.sacCode,
        customerStateCode: null,
        provider: payment.name,
        createdAt: at,
        updatedAt: at,
      });
      // Lost a race with a concurrent start: answer the purchase that won (same key or same add-on).
      const row =
        inserted ?? (await store.byKey(customerId, body.idempotencyKey)) ?? (await store.live(customerId, body.addOn));
      if (!row) throw new PraveshError('paymentUnavailable');
      if (row.addOn !== body.addOn) throw new PraveshError('idempotencyKeyReused');
      if (!inserted && row.status === 'SUCCESS') throw new PraveshError('addOnAlreadySubscribed');
      return purchaseView(await withOrder(row));
    },

    /** The checkout finished: the gateway says paid, refused or not yet. A settled purchase answers as it is. */
    async confirm(customerId: string, body: ConfirmPaymentBody): Promise<Purchase> {
      const row = await store.byId(customerId, body.purchaseId);
      if (!row) throw new PraveshError('purchaseNotFound');
      if (row.status === 'SUCCESS' || row.status === 'FAILED') return purchaseView(row);
      const ordered = await withOrder(row);
      const payment = gateway();
      const result = await ask(() =>
        payment.confirmPayment({ orderId: ordered.providerOrderId!, gatewayResponse: body.gatewayResponse ?? {} }),
      );
      return purchaseView(await record(ordered, result));
    },

    /** Where a purchase stands; a PENDING payment is asked of the gateway again (it resolves later). */
    async status(customerId: string, purchaseId: string): Promise<Purchase> {
      const row = await store.byId(customerId, purchaseId);
      if (!row) throw new PraveshError('purchaseNotFound');
      if (row.status !== 'PENDING' || row.providerOrderId === null) return purchaseView(row);
      const payment = gateway();
      return purchaseView(await record(row, await ask(() => payment.paymentStatus(row.providerOrderId!))));
    },

    /**
     * The sweep of the invoice step: paid purchases whose step has not succeeded, paid at least
     * HAND_OVER_GRACE_MS ago (so not the one a request is handing over now), a batch at a time.
     * Answers how many were handed over now.
     */
    async retryHandOvers(): Promise<number> {
      const due = await store.notHandedOver(new Date(now() - HAND_OVER_GRACE_MS), HAND_OVER_BATCH);
      let done = 0;
      for (const row of due) if (await handOver(row)) done += 1;
      return done;
    },

    /** MSP myAccount/transactions: the customer's purchases, newest first. */
    async transactions(customerId: string): Promise<AddOnTransactionsResponse> {
      return { transactions: (await store.list(customerId)).map(purchaseView) };
    },

    /**
     * MSP myAccount/getStepUpCardDetails: a secured-card holder's way to an unsecured card (core
     * add-ons/step-up.ts). The card to step up to is the catalogue's unsecured card of the same
     * lender when it has one (the issuer already knows the customer), else the easiest to get.
     */
    async stepUpCard(customerId: string): Promise<StepUpCardResponse> {
      const held = await store.securedCard(customerId);
      if (!held) return { hasSecuredCard: false, securedCard: null, stepUp: null };
      const [cards, files] = await Promise.all([store.unsecuredCards(), store.bureauFiles(customerId)]);
      const easiest = [...cards].sort((a, b) => SCORE_BANDS.indexOf(b.minBand) - SCORE_BANDS.indexOf(a.minBand));
      const offer = easiest.find((card) => card.lenderId === held.lenderId) ?? easiest[0];
      const scored = files.filter((file) => file.scoreState === 'SCORE');
      const active = activeBureauRecord(scored.map((file) => ({ ...file, creditBureau: file.bureau })));
      const decision = stepUpDecision({
        issuedAtMs: held.issuedAt.getTime(),
        nowMs: now(),
        band: active?.scoreBand ?? null,
        offerMinBand: offer?.minBand ?? null,
      });
      return {
        hasSecuredCard: true,
        securedCard: {
          productName: held.productName,
          lenderName: held.lenderName,
          issuedAt: held.issuedAt.toISOString(),
        },
        stepUp: {
          ...decision,
          monthsRequired: STEP_UP_MONTHS_REQUIRED,
          offer: offer
            ? {
                offerId: offer.offerId,
                productName: offer.productName,
                lenderName: offer.lenderName,
                bullets: offer.bullets,
                creditLimit: offer.creditLimit,
              }
            : null,
        },
      };
    },

    /**
     * The Credit Health Report the customer bought (spec 001 §4: "subscribed when the last payment
     * status is success"): only then, and only from this customer's own stored files.
     */
    async healthReport(customerId: string): Promise<CreditHealthReportData> {
      const live = await store.live(customerId, 'CREDIT_HEALTH');
      if (live?.status !== 'SUCCESS') throw new PraveshError('creditHealthNotSubscribed');
      const files = await store.bureauFilesWithPrevious(customerId);
      return creditHealthReport(files, new Date(now()).toISOString());
    },

    /** MSP myAccount/productList: the §9 tiles whose site has an address here. */
    productList(): ProductListResponse {
      const products = [];
      for (const tile of PRODUCT_TILES) {
        const origin = deps.siteOrigin(tile.siteKey) ?? deps.siteOrigin('HOMEPAGE');
        if (!origin) continue;
        const { redirectKey, name, tagline, category, path } = tile;
        products.push({ redirectKey, name, tagline, category, url: new URL(path, origin).toString() });
      }
      return { products };
    },
  };
}

export type AddOnsService = ReturnType<typeof createAddOnsService>;

function paidPurchase(row: PurchaseRow): PaidPurchase {
  return {
    purchaseId: row.purchaseId,
    customerId: row.customerId,
    addOn: row.addOn as AddOn,
    description: row.description,
    sacCode: row.sacCode,
    amountPaise: row.amountPaise,
    taxableValuePaise: row.taxableValuePaise,
    gstPaise: row.gstPaise,
    gstPercent: row.gstPercent,
    currency: row.currency,
    paidAt: row.paidAt!,
    customerStateCode: row.customerStateCode,
    providerPaymentId: row.providerPaymentId,
  };
}
