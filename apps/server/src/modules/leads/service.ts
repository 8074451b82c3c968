import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  DATA_PRODUCTS,
  LEAD_EXPIRY_DAYS,
  LEAD_NEXT_STEPS,
  LEAD_REFERENCE_PARAM,
  LEAD_STATUS_LABELS,
  PraveshError,
  RECENT_ACTIVITY_SITES,
  canCustomerWithdraw,
  isTerminalLeadStatus,
  leadTransition,
  type ApplyOfferResponse,
  type DataItem,
  type GetLeadsResponse,
  type LeadDetailsResponse,
  type LeadStatus,
  type LeadView,
  type PartnerLeadResponse,
  type PartnerLeadStatusBody,
  type RecentActivityProductLine,
} from '@pravesh/core';
import { ANY_PARTNER, type PartnerConfig } from '../../config/partners.ts';
import type { CustomerMobileCheck } from './customer-mobile.ts';
import type { AppliableOffer, OfferLookup } from '../../lib/offer-lookup.ts';
import { partnerImageUrl } from '../offers/index.ts';
import type { ActivityPlacement, LeadRow, LeadsStore } from './store.ts';

export interface ApplyRequest {
  offerId: string;
  /** Required by PCO/applyOffer (spec 000 §3), optional on quoteApply; when sent it must be the customer's. */
  mobileNo?: string | undefined;
  visitId?: string | undefined;
  /** The verified calling site (pass token). */
  siteId: number | null;
}

export interface LeadsServiceOptions {
  store: LeadsStore;
  offers: OfferLookup;
  isCustomersMobile: CustomerMobileCheck;
  partners: PartnerConfig;
  now: () => number;
  /** This server's public URL: the lender's mark for a lead stored without a partner image. */
  publicUrl: string;
}

/**
 * Which recent-activity product line (spec 000 §3 site list) a lead of a product shows under:
 * personal loans on the personal-loan marketplace, business loans under digital lending (the
 * instant, online loans), home loans and the property-backed loans (HLBT, LAP) under home loan,
 * cards under credit card. A product in none is not shown (spec 000 §5 skips unknown sites).
 */
const ACTIVITY_LINE: Readonly<Record<string, RecentActivityProductLine>> = {
  PL: 'PL_MARKETPLACE',
  DL: 'DIGITAL_LENDING',
  BL: 'DIGITAL_LENDING',
  HL: 'HOME_LOAN',
  HLBT: 'HOME_LOAN',
  LAP: 'HOME_LOAN',
  CC: 'CREDIT_CARD',
};

/**
 * The lead as a recent-activity data item with its application (spec 000 §3, all nine fields set).
 * The application's image is one of the nine: a lead stored without a partner image (one from
 * before leads kept it, or an offer whose catalogue row has none) shows the lender's mark this
 * server draws, never a blank image, which the browser's site-entry rules refuse.
 */
export function leadActivityPlacement(lead: LeadRow, publicUrl: string): ActivityPlacement | null {
  const line = ACTIVITY_LINE[lead.product];
  if (!line) return null;
  const status = lead.status as LeadStatus;
  const title = lead.productName;
  const subtitle = `${lead.lenderName} · ${LEAD_STATUS_LABELS[status]}`;
  const product = (DATA_PRODUCTS as readonly string[]).includes(lead.product)
    ? (lead.product as DataItem['product'])
    : undefined;
  const image = lead.partnerImage || partnerImageUrl(publicUrl, lead.lenderId);
  const item: DataItem = {
    id: lead.leadId,
    type: 'lead',
    ...(product ? { product } : {}),
    title,
    subtitle,
    continueUrl: lead.continueUrl,
    image,
    application: [
      {
        id: lead.leadId,
        partnerId: lead.lenderId,
        partnerName: lead.lenderName,
        productName: lead.productName,
        image,
        state: status,
        continueUrl: lead.continueUrl,
        title,
        subtitle,
        createdAt: lead.createdAt.getTime(),
        updatedAt: lead.updatedAt.getTime(),
      },
    ],
    createdAt: lead.createdAt.getTime(),
    updatedAt: lead.updatedAt.getTime(),
  };
  return { siteId: RECENT_ACTIVITY_SITES[line].siteId, item };
}

function statusFields(row: LeadRow) {
  const status = row.status as LeadStatus;
  return {
    status,
    statusLabel: LEAD_STATUS_LABELS[status],
    nextStep: LEAD_NEXT_STEPS[status],
    partnerStatus: row.partnerStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function snapshot(row: LeadRow) {
  return {
    offerId: row.offerId,
    product: row.product,
    lenderId: row.lenderId,
    lenderName: row.lenderName,
    productName: row.productName,
    partnerImage: row.partnerImage,
  };
}

export function toLeadView(row: LeadRow): LeadView {
  return { leadId: row.leadId, ...snapshot(row), ...statusFields(row), continueUrl: row.continueUrl };
}

function toPartnerView(row: LeadRow): PartnerLeadResponse {
  return { reference: row.leadId, ...snapshot(row), ...statusFields(row) };
}

/** Keys compared as SHA-256 digests in constant time, so the comparison leaks neither key nor length. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

export function createLeadsService(options: LeadsServiceOptions) {
  const { store, offers, isCustomersMobile, partners, now, publicUrl } = options;
  const placement = (lead: LeadRow) => leadActivityPlacement(lead, publicUrl);
  const partnerKeys = partners.keys.map((entry) => ({ lenderId: entry.lenderId, digest: digest(entry.key) }));

  /**
   * The partner's continue URL with the opaque reference (no personal data, no token): the
   * offer's own apply page from the catalogue, else the lender's configured one.
   */
  function continueUrlFor(offer: AppliableOffer, leadId: string): string {
    const base = offer.applyUrl ?? partners.continueUrls.get(offer.lender.id) ?? partners.continueUrls.get(ANY_PARTNER);
    // No continue URL configured for this lender: a deployment fault, answered with the generic error.
    if (!base) throw new PraveshError('genericUserMessage');
    const url = new URL(base);
    url.searchParams.set(LEAD_REFERENCE_PARAM, leadId);
    return url.toString();
  }

  /** The lender a partner key speaks for (ANY_PARTNER for the demo key); refuses an unknown key. */
  function partnerOf(key: string | undefined): string {
    if (key === undefined || key.length === 0 || key.length > 512) throw new PraveshError('partnerKeyInvalid');
    const presented = digest(key);
    let lenderId: string | undefined;
    for (const entry of partnerKeys) {
      if (timingSafeEqual(entry.digest, presented)) lenderId ??= entry.lenderId;
    }
    if (lenderId === undefined) throw new PraveshError('partnerKeyInvalid');
    return lenderId;
  }

  /** A partner reads only its own lenders' leads; another's reference answers as unknown. */
  async function partnerLead(key: string | undefined, reference: string): Promise<LeadRow> {
    const lenderId = partnerOf(key);
    const row = await store.byReference(reference);
    if (!row || (lenderId !== ANY_PARTNER && row.lenderId !== lenderId)) throw new PraveshError('leadNotFound');
    return row;
  }

  /**
   * Expiry on read (core LEAD_EXPIRY_DAYS): before the customer applies or reads, their applications
   * the lender has not moved for that long become EXPIRED, so an abandoned lead neither shows as
   * open nor blocks a new application even between two runs of the scheduled expiry (expireDue).
   */
  async function expireStale(customerId: string): Promise<void> {
    const at = now();
    await store.expireStale(customerId, new Date(at - LEAD_EXPIRY_DAYS * 86_400_000), new Date(at), placement);
  }

  async function withHistory(row: LeadRow): Promise<LeadDetailsResponse> {
    const history = await store.history(row.leadId);
    return {
      ...toLeadView(row),
      history: history.map((entry) => ({
        status: entry.status as LeadStatus,
        partnerStatus: entry.partnerStatus,
        at: entry.at.toISOString(),
      })),
    };
  }

  return {
    /**
     * PCO/applyOffer and partner/quoteApply: a lead exactly once per customer and
     * offer; a retry answers the same lead and URL. Every refusal happens before anything is stored.
     */
    async apply(customerId: string, request: ApplyRequest): Promise<ApplyOfferResponse> {
      if (request.mobileNo !== undefined && !(await isCustomersMobile(customerId, request.mobileNo))) {
        throw new PraveshError('applyMobileMismatch');
      }
      const offer = await offers.findOfferForCustomer(customerId, request.offerId);
      if (!offer) throw new PraveshError('offerNotAvailable');
      await expireStale(customerId);
      const leadId = randomUUID();
      const { lead, created } = await store.createOnce(
        {
          leadId,
          customerId,
          offerId: offer.offerId,
          product: offer.productType,
          lenderId: offer.lender.id,
          lenderName: offer.lender.name,
          productName: offer.productName,
          partnerImage: offer.imageUrl.partnerImage || null,
          continueUrl: continueUrlFor(offer, leadId),
          visitId: request.visitId ?? null,
          siteId: request.siteId,
          createdAt: new Date(now()),
        },
        placement,
      );
      return { redirectUrl: lead.continueUrl, leadId: lead.leadId, status: lead.status as LeadStatus, created };
    },

    async list(customerId: string): Promise<GetLeadsResponse> {
      await expireStale(customerId);
      return { leads: (await store.list(customerId)).map(toLeadView) };
    },

    async details(customerId: string, leadId: string): Promise<LeadDetailsResponse> {
      await expireStale(customerId);
      const row = await store.find(customerId, leadId);
      if (!row) throw new PraveshError('leadNotFound');
      return withHistory(row);
    },

    /**
     * The customer withdraws an application the lender has not decided (core canCustomerWithdraw).
     * The partner learns it from the lead's status: its next read answers WITHDRAWN and any report
     * after that is refused (a closed lead moves no more). Withdrawing a withdrawn lead again answers
     * it unchanged, so a retried request is harmless. Another customer's lead is leadNotFound.
     */
    async withdraw(customerId: string, leadId: string): Promise<LeadDetailsResponse> {
      await expireStale(customerId);
      const owned = await store.find(customerId, leadId);
      if (!owned) throw new PraveshError('leadNotFound');
      const updated = await store.changeStatus(
        leadId,
        new Date(now()),
        (current) => {
          if (current.status === 'WITHDRAWN') return null;
          if (!canCustomerWithdraw(current.status as LeadStatus)) throw new PraveshError('leadNotWithdrawable');
          return { status: 'WITHDRAWN', partnerStatus: current.partnerStatus };
        },
        placement,
      );
      if (!updated) throw new PraveshError('leadNotFound');
      return withHistory(updated);
    },

    /**
     * The scheduled expiry (index.ts runs it on a ticker): stale applications of every customer, a
     * batch at a time until none is left, so a lead nobody reads still expires and its partner sees
     * EXPIRED. Safe on several instances at once (store expireDue). Answers how many expired.
     */
    async expireDue(batchSize = 100): Promise<number> {
      let total = 0;
      for (;;) {
        const at = now();
        const expired = await store.expireDue(
          new Date(at - LEAD_EXPIRY_DAYS * 86_400_000),
          new Date(at),
          batchSize,
          placement,
        );
        total += expired;
        if (expired < batchSize) return total;
      }
    },

    async partnerRead(key: string | undefined, reference: string): Promise<PartnerLeadResponse> {
      return toPartnerView(await partnerLead(key, reference));
    },

    /**
     * The partner reports where a lead stands: ours moves only as the lifecycle table allows
     * (core leads/lifecycle.ts), its own word is kept beside ours, and each change is in the history.
     */
    async partnerReport(key: string | undefined, body: PartnerLeadStatusBody): Promise<PartnerLeadResponse> {
      const lead = await partnerLead(key, body.reference);
      const updated = await store.changeStatus(
        lead.leadId,
        new Date(now()),
        (current) => {
          const transition = leadTransition(current.status as LeadStatus, body.status, current.product);
          if (transition.kind === 'refused') throw new PraveshError('leadTransitionRefused');
          if (transition.kind === 'same' && current.partnerStatus === body.partnerStatus) return null;
          // A closed lead moves no more, its partner's word included (README: "a later report is
          // refused"); only an exact repeat of the report that closed it is answered, as above.
          if (isTerminalLeadStatus(current.status as LeadStatus)) throw new PraveshError('leadTransitionRefused');
          return { status: body.status, partnerStatus: body.partnerStatus };
        },
        placement,
      );
      if (!updated) throw new PraveshError('leadNotFound');
      return toPartnerView(updated);
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
